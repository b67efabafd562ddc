// What a request leaves for its usage record (server/usage/) beside its route template: the parts
// that answer it note what only they know (the compute units charged, the JSON-RPC method, the
// chain), in `response.locals`, and the recorder reads them once the response has finished.

/** The notes of one request. */
export type UsageNotes = {
  /** Compute units access control charged; absent: none (refused, or a route that is not metered). */
  computeUnits?: number;
  /** The JSON-RPC method of a node RPC call; `batch` for a batch. */
  rpcMethod?: string;
  /** The chain a node RPC request went to: its EVM chain ID, or its blockchain ID. */
  rpcChainId?: string;
  /** The chain is a subnet's or an L1's, not the primary network's. */
  subnetRpc?: boolean;
};

type Locals = { locals: Record<string, unknown> };

/**
 * Adds notes to a request's usage record.
 * @example noteUsage(response, { rpcMethod: 'eth_blockNumber' })
 */
export function noteUsage(response: Locals, notes: UsageNotes): void {
  const current = response.locals.usage as UsageNotes | undefined;
  response.locals.usage = current === undefined ? notes : { ...current, ...notes };
}

/**
 * The notes of a finished request; an empty object when none were left.
 * @example usageNotes(response).computeUnits ?? 0
 */
export function usageNotes(response: Locals): UsageNotes {
  return (response.locals.usage as UsageNotes | undefined) ?? {};
}
