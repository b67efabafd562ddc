// What a chain's RPC methods work with: the chain, the index, the upstream node (if any), limits.
import type { Logger } from '../../logging/createLoggerFactory';
import type { ChainInfo } from '../routing/loadChains';
import type { Upstream } from '../upstream/createUpstream';
import type { Reader } from './chainData';

/** Limits of the chain RPC. */
export type ChainRpcLimits = {
  /** eth_getLogs: most blocks one query spans (subnet-evm's api-max-blocks-per-request); 0 = no limit. */
  logsMaxBlocks: number;
  /** eth_getLogs: most logs one answer holds; 0 = no limit. */
  logsMaxResults: number;
};

/** The context of one chain's methods. */
export type ChainContext = {
  chain: ChainInfo;
  db: Reader;
  logger: Logger;
  /** The node calls are forwarded to when the index cannot answer; undefined when none is configured. */
  upstream?: Upstream;
  limits: ChainRpcLimits;
  /** web3_clientVersion. */
  clientVersion: string;
};
