// The avalanchego APIs the primary-network indexer reads: /ext/bc/P (platform.*) and /ext/bc/X
// (avm.*), over the project's JSON-RPC client (timeouts, retries, next URL on failure) without
// batches, which these gorilla endpoints refuse. Numbers arrive as decimal strings (json.Uint64),
// so amounts above 2^53 stay exact; bytes as checksummed hex.
import { Utxo, utils } from '@avalabs/avalanchejs';
import { MalformedAnswerError } from '../../../shared/jsonRpc/rpcErrors';
import { createRpcClient, type RpcClient } from '../../../shared/jsonRpc/createRpcClient';
import { readCheckedHex } from '../codec/readCheckedHex';
import type { RewardUtxo } from '../apply/txContext';

/** One entry of platform.getCurrentValidators, the fields the indexer keeps. */
export type CurrentValidator = {
  txID: string;
  nodeID: string;
  subnetID?: string;
  validationID?: string;
  startTime: string;
  endTime?: string;
  weight?: string;
  potentialReward?: string;
  /** L1 validators: the remaining balance paying the continuous fee (nAVAX); 0 once inactive. */
  balance?: string;
  delegationFee?: string;
  delegatorCount?: string;
  uptime?: string;
  connected?: boolean;
  validationRewardOwner?: { addresses?: string[] };
  delegationRewardOwner?: { addresses?: string[] };
  delegators?:
    | {
        txID: string;
        nodeID: string;
        startTime: string;
        endTime: string;
        weight?: string;
        stakeAmount?: string;
        potentialReward?: string;
        rewardOwner?: { addresses?: string[] };
      }[]
    | null;
};

/** One entry of info.peers: a node the indexing node is connected to. */
export type Peer = {
  nodeID: string;
  /** The peer's software, e.g. `avalanchego/1.13.0`. */
  version?: string;
  /** Blockchain IDs on which the node benches the peer (it stopped sending it queries there). */
  benched?: string[] | null;
};

/** The node's APIs, typed. */
export type NodeApi = {
  /** Last accepted height of a chain. */
  height(chain: 'P' | 'X'): Promise<bigint>;
  /** The VM block at a height, decoded from hex (checksum checked). */
  blockBytes(chain: 'P' | 'X', height: bigint): Promise<Uint8Array>;
  /** The reward UTXOs of a staker that left the set. */
  rewardUtxos(stakerTxId: string): Promise<RewardUtxo[]>;
  /**
   * The current validators of the primary network, or of `subnetId` (an L1's validators: the node
   * lists them only when asked for that subnet); with `nodeIds`, only theirs (the node lists
   * delegators only for one node asked by ID).
   */
  currentValidators(nodeIds?: readonly string[], subnetId?: string): Promise<CurrentValidator[]>;
  /** The nodes the node is connected to (info.peers). */
  peers(): Promise<Peer[]>;
  /** The primary network's current supply (platform.getCurrentSupply), and the P-Chain height it is of. */
  currentSupply(): Promise<{ supply: bigint; height: bigint }>;
  assetDescription(assetId: string): Promise<{ name: string; symbol: string; denomination: number }>;
  /** An accepted container of the node's index API (`/ext/index/<chain>/block`, `/ext/index/X/vtx`), by its accept index. */
  indexContainer(path: IndexPath, index: bigint): Promise<IndexedContainer>;
  /** The last accepted container of an index. */
  indexLastAccepted(path: IndexPath): Promise<IndexedContainer>;
};

/** An index of the node's index API. */
export type IndexPath = 'P/block' | 'X/block' | 'X/vtx';

/** A container of the index API: its ID, bytes, accept index and acceptance time (RFC 3339). */
export type IndexedContainer = { id: string; bytes: Uint8Array; index: bigint; timestamp: string };

/** Options of {@link createNodeApi}. */
export type NodeApiOptions = {
  nodeUrls: readonly string[];
  timeoutMs: number;
  onRetry?: Parameters<typeof createRpcClient>[0]['onRetry'];
  /** For tests: fewer and shorter retries. */
  attempts?: number;
  backoffMs?: number;
};

const decimal = (method: string, field: string, value: unknown): bigint => {
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw new MalformedAnswerError(method, `${field} is not a decimal integer`);
};

const object = (method: string, value: unknown): Record<string, unknown> => {
  if (!value || typeof value !== 'object') throw new MalformedAnswerError(method, 'result is not an object');
  return value as Record<string, unknown>;
};

/**
 * Creates the API client of a node (or several, tried in turn).
 * @param options node base URLs, timeout, retry hook
 * @returns the typed API
 * @example const api = createNodeApi({ nodeUrls: ['http://127.0.0.1:9650'], timeoutMs: 30_000 }); await api.height('P')
 */
export function createNodeApi(options: NodeApiOptions): NodeApi {
  const attempts = options.attempts ?? 6;
  const backoffMs = options.backoffMs ?? 250;
  /** The client retries transport failures; an answer that fails its checks here (bad checksum, missing field) is asked again too. */
  const checked = async <T>(ask: () => Promise<T>): Promise<T> => {
    for (let n = 1; ; n++) {
      try {
        return await ask();
      } catch (error) {
        if (!(error instanceof MalformedAnswerError) || n >= attempts) throw error;
        const delayMs = Math.round(Math.min(30_000, backoffMs * 2 ** (n - 1)) * (0.75 + Math.random() / 2));
        options.onRetry?.({ url: options.nodeUrls[0] ?? '', attempt: n, delayMs, error });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  };
  const client = (path: string): RpcClient =>
    createRpcClient({
      urls: options.nodeUrls.map((u) => `${u}${path}`),
      timeoutMs: options.timeoutMs,
      batches: false,
      onRetry: options.onRetry,
      attempts: options.attempts,
      backoffMs: options.backoffMs,
    });
  const clients = { P: client('/ext/bc/P'), X: client('/ext/bc/X'), info: client('/ext/info') };
  const indexClients = new Map<IndexPath, RpcClient>();
  const indexClient = (path: IndexPath) => {
    let c = indexClients.get(path);
    if (!c) indexClients.set(path, (c = client(`/ext/index/${path}`)));
    return c;
  };
  const container = (method: string, value: unknown): IndexedContainer => {
    const answer = object(method, value);
    if (typeof answer.id !== 'string') throw new MalformedAnswerError(method, 'id is missing');
    return {
      id: answer.id,
      bytes: readCheckedHex(method, 'bytes', answer.bytes),
      index: decimal(method, 'index', answer.index),
      timestamp: String(answer.timestamp ?? ''),
    };
  };
  const prefix = { P: 'platform', X: 'avm' } as const;
  return {
    height(chain) {
      const method = `${prefix[chain]}.getHeight`;
      return checked(async () =>
        decimal(method, 'height', object(method, await clients[chain].call(method, [{}])).height),
      );
    },
    blockBytes(chain, height) {
      const method = `${prefix[chain]}.getBlockByHeight`;
      return checked(async () =>
        readCheckedHex(
          method,
          'block',
          object(method, await clients[chain].call(method, [{ height: height.toString(), encoding: 'hex' }])).block,
        ),
      );
    },
    rewardUtxos(stakerTxId) {
      const method = 'platform.getRewardUTXOs';
      return checked(async () => {
        const answer = object(method, await clients.P.call(method, [{ txID: stakerTxId, encoding: 'hex' }]));
        if (!Array.isArray(answer.utxos)) throw new MalformedAnswerError(method, 'utxos is not an array');
        const manager = utils.getManagerForVM('PVM');
        return answer.utxos.map((hex, i) => {
          const utxo = manager.unpack(readCheckedHex(method, `utxos[${i}]`, hex), Utxo);
          return {
            txId: utxo.utxoId.txID.toString(),
            outputIndex: utxo.utxoId.outputIdx.value(),
            assetId: utxo.assetId.toString(),
            output: utxo.output,
          };
        });
      });
    },
    async currentValidators(nodeIds, subnetId) {
      const method = 'platform.getCurrentValidators';
      const answer = object(
        method,
        await clients.P.call(method, [
          { ...(nodeIds ? { nodeIDs: nodeIds } : {}), ...(subnetId ? { subnetID: subnetId } : {}) },
        ]),
      );
      if (!Array.isArray(answer.validators)) throw new MalformedAnswerError(method, 'validators is not an array');
      return answer.validators as CurrentValidator[];
    },
    async peers() {
      const method = 'info.peers';
      const answer = object(method, await clients.info.call(method, [{}]));
      if (!Array.isArray(answer.peers)) throw new MalformedAnswerError(method, 'peers is not an array');
      return (answer.peers as unknown[]).flatMap((peer) => {
        const entry = object(method, peer);
        return typeof entry.nodeID === 'string' ? [entry as Peer] : [];
      });
    },
    async currentSupply() {
      const method = 'platform.getCurrentSupply';
      const answer = object(method, await clients.P.call(method, [{}]));
      return { supply: decimal(method, 'supply', answer.supply), height: decimal(method, 'height', answer.height) };
    },
    indexContainer(path, index) {
      const method = 'index.getContainerByIndex';
      return checked(async () =>
        container(method, await indexClient(path).call(method, [{ index: index.toString(), encoding: 'hex' }])),
      );
    },
    indexLastAccepted(path) {
      const method = 'index.getLastAccepted';
      return checked(async () => container(method, await indexClient(path).call(method, [{ encoding: 'hex' }])));
    },
    async assetDescription(assetId) {
      const method = 'avm.getAssetDescription';
      const answer = object(method, await clients.X.call(method, [{ assetID: assetId }]));
      if (typeof answer.name !== 'string' || typeof answer.symbol !== 'string')
        throw new MalformedAnswerError(method, 'name or symbol missing');
      return {
        name: answer.name,
        symbol: answer.symbol,
        denomination: Number(decimal(method, 'denomination', answer.denomination)),
      };
    },
  };
}
