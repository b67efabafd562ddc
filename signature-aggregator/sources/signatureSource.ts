// The SignatureSource abstraction: anything that can obtain a validator's BLS signature of an
// unsigned Warp message. The collector neither knows nor cares how: JSON-RPC to the node, a
// local key, or a transport added later (ACP-118 over avalanchego P2P).
import type { Network } from '../../prisma/generated/enums';
import type { BlsPool } from '../bls/createBlsPool';
import type { UnsignedMessage } from '../codec/unsignedMessage';
import type { CanonicalValidator } from '../validators/flattenValidators';

/** What a source learns about one aggregation. */
export type SignatureRequestContext = {
  network: Network;
  message: UnsignedMessage;
  /** ACP-118 justification, when the request carries one. */
  justification?: Uint8Array;
  /** The canonical set of the signing subnet. */
  validators: readonly CanonicalValidator[];
  /** The aggregator's BLS worker threads: a source that computes signatures does it there, off the event loop. */
  bls: Pick<BlsPool, 'sign' | 'publicKeys'>;
};

/**
 * Fetches one validator's signature: resolves to the bytes as received (the collector checks
 * them), rejects when the validator refuses, fails or `signal` aborts (deadline, or done).
 */
export type FetchSignature = (signal: AbortSignal) => Promise<Uint8Array>;

/** A way of obtaining signatures. */
export type SignatureSource = {
  /** Short name for logs and statistics (`local`, `rpc`). */
  name: string;
  /**
   * Says which validators this source can ask, before anything is sent, so the aggregator knows
   * the reachable weight up front and fails fast when it is below the quorum.
   * @returns a fetcher per canonical index this source can reach
   */
  connect(context: SignatureRequestContext): Promise<Map<number, FetchSignature>>;
};
