/**
 * Where resolvers and the node RPC get "now" (Unix seconds): statuses, time remaining, staking progress and
 * current prices depend on it. One per process; tests pin it to answer deterministically.
 */
export type Clock = () => number;

/** The wall clock, in whole Unix seconds. */
export const systemClock: Clock = () => Math.floor(Date.now() / 1000);
