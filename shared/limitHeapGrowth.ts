import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection, in percent.
 * Left to itself V8 picks up to 300 % (4×) when collecting is cheap, which it is for this service:
 * under the benchmark's mixed load a process with about 90 MB live let its heap reach 340-370 MB
 * of mostly garbage before collecting, and resident memory followed (bench/README.md, "The heap's
 * growth"). 100 % holds the heap near 2× what is live for the same throughput.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Caps the heap's growth ({@link HEAP_GROWING_PERCENT}) for this process and its worker threads
 * (V8's flags are per process: PGlite's worker gets it too). Node takes this V8 flag only on its own
 * command line, which every way of starting the service (`npm start`, the bin, a container's
 * command) would have to repeat; set here, before the server allocates, it governs every later
 * collection. Called by the long-running commands (`start`, `subgraph`, `indexer`).
 * @example limitHeapGrowth()
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
