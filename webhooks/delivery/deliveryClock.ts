// The deliverer's time: when messages are due, when a retry is, how long to wait before looking again.
// Injected so tests run the whole retry schedule (about two days) in milliseconds.
import { setTimeout as delay } from 'node:timers/promises';

/** What the deliverer reads time from and waits on. */
export type DeliveryClock = {
  /** The current instant. */
  now(): Date;
  /** Resolves after `ms` of this clock's time, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
};

/** The wall clock and real timers. */
export const systemDeliveryClock: DeliveryClock = {
  now: () => new Date(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => {}),
};
