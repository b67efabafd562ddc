/** Teardown steps registered as resources are opened, run in reverse order. */
export type Cleanup = {
  /** Registers a step; steps run last-registered first. */
  defer(label: string, step: () => Promise<void> | void): void;
  /** Runs every step once, even when some fail (failures are reported, not thrown); later calls wait for the first. */
  run(): Promise<void>;
};

/**
 * Collects teardown steps so that the normal end, a failure and a signal all release the same
 * resources (servers, pools, the PostgreSQL schema) exactly once.
 *
 * @param report receives the label and error of a step that failed
 * @returns an empty {@link Cleanup}
 * @example const cleanup = createCleanup(console.error); cleanup.defer('pool', () => pool.end())
 */
export function createCleanup(report: (label: string, error: unknown) => void): Cleanup {
  const steps: { label: string; step: () => Promise<void> | void }[] = [];
  let running: Promise<void> | undefined;
  return {
    defer: (label, step) => {
      steps.push({ label, step });
    },
    run: () =>
      (running ??= (async () => {
        for (const { label, step } of steps.splice(0).reverse()) {
          try {
            await step();
          } catch (error) {
            report(label, error);
          }
        }
      })()),
  };
}
