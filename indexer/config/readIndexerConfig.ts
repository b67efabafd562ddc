// The indexer's config file (JSON), checked once at start: what is wrong fails fast in the
// project's wording ("Validation failed: X, expected Y"), an unknown key included.
import { readFileSync } from 'node:fs';
import { checkKnownKeys } from '../../shared/config/checkKnownKeys';
import { ConfigError } from '../../shared/config/configError';
import { fileErrorReason } from '../../shared/config/parsers';
import { decodeGenesisAlloc } from '../evm/decode/decodeGenesisAlloc';
import { readGenesisConfig, type GenesisConfig } from '../primary-network/genesis/readGenesisConfig';

/** An EVM chain's native token. */
export type NativeToken = { name: string; symbol: string; decimals: number };

/** One EVM chain to follow. */
export type EvmChainConfig = {
  chainId: bigint;
  /** Node URLs (`rpcUrl`, or `rpcUrls` for several; a failing one hands over to the next). */
  rpcUrls: string[];
  network: 'MAINNET' | 'FUJI';
  /** First block to index when the chain has no cursor yet. */
  startBlock: bigint;
  /** Blocks to stay behind the head tag. */
  confirmations: bigint;
  /**
   * Which head to follow: `finalized` (last settled on Avalanche), `safe` or `latest`.
   * @default `latest` for the development chain IDs 31337 and 1337 (anvil, hardhat, ganache), else `finalized`
   */
  headTag: 'finalized' | 'safe' | 'latest';
  /** Blockchain ID (cb58); unset: the chain's row if the primary-network data knows the chain ID, else one derived from the chain ID. */
  blockchainId?: string;
  /** Chain name for a chain the primary-network data does not know. */
  name?: string;
  /**
   * Native token of a chain the primary-network data does not know. Unset: AVAX on the C-Chain (43114, 43113) and on
   * a node that answers `eth_getChainConfig` (coreth, subnet-evm), Ether elsewhere (anvil, hardhat, geth), said once
   * in the log as assumed (indexer/evm/follow/resolveNativeToken.ts).
   */
  nativeToken?: NativeToken;
  /** Blocks fetched ahead in parallel while backfilling, and the most written in one transaction. @default 16 */
  concurrency: number;
  /** Use debug_traceBlockByNumber (internal transactions, factory deployments) when the node has it. @default true */
  traces: boolean;
  /** Trace source: `callTracer` (debug_traceBlockByNumber, geth/coreth/subnet-evm) or `trace_block` (Parity style: Erigon, Reth, anvil). @default callTracer */
  traceMethod: 'callTracer' | 'trace_block';
  /** Bound on one RPC request. @default 30000 */
  rpcTimeoutMs: number;
  /** Wait between head polls at the head. @default 1000 */
  pollIntervalMs: number;
  /**
   * `genesisFile`: the chain's genesis JSON, read at start; its `alloc` balances become block 0's. Unset: the genesis
   * the primary-network data holds for the chain, if any. @default none
   */
  genesis?: { file: string; alloc: Map<string, bigint> };
};

/** One network's P-Chain and X-Chain, followed through an avalanchego node's APIs. */
export type PrimaryNetworkConfig = {
  network: 'MAINNET' | 'FUJI';
  /** Node base URLs (`nodeUrl`, or `nodeUrls` for several; a failing one hands over to the next), e.g. `http://127.0.0.1:9650`. */
  nodeUrls: string[];
  /** Which chains to follow. @default ['P', 'X'] */
  chains: ('P' | 'X')[];
  /** First P-Chain height to index when the chain has no cursor yet. @default 0 */
  startHeight: bigint;
  /** First X-Chain block height to index when the chain has no cursor yet. @default 0 */
  xChainStartHeight: bigint;
  /** Blocks fetched ahead in parallel while backfilling. @default 8 */
  concurrency: number;
  /** Bound on one request to the node. @default 30000 */
  rpcTimeoutMs: number;
  /** Wait between head polls at the head. @default 1000 */
  pollIntervalMs: number;
  /**
   * Index the X-Chain's DAG-era vertices (/ext/index/X/vtx, needs the node's --index-enabled) before its blocks:
   * `auto` when the node's index API answers (said once in the log when it does not), `true` always (a node
   * without the index fails), `false` never. @default 'auto'
   */
  xChainVertices: 'auto' | boolean;
  /** Read proposer details from the node's index API (/ext/index/P/block, /ext/index/X/block; needs --index-enabled). @default true */
  proposers: boolean;
  /** Period of the live validator state refresh (platform.getCurrentValidators: uptime, connected, pending rewards); 0 turns it off. @default 60000 */
  validatorRefreshMs: number;
  /**
   * `genesisFile`: avalanchego's genesis config of the network (genesis_mainnet.json, genesis_fuji.json), read and
   * checked at start. With it, a chain indexed from height 0 gets its genesis state with its first block. @default none
   */
  genesis?: { file: string; config: GenesisConfig };
};

/** The whole file. */
export type IndexerConfig = {
  evm: EvmChainConfig[];
  /** Primary networks to follow (absent: none). */
  primaryNetwork: PrimaryNetworkConfig[];
  /**
   * NFT metadata: gateway for `ipfs://` URIs, fetch timeout, size cap, on/off; fetches that failed for a passing
   * reason are tried `retryAttempts` more times, the first after `retryDelaySeconds`, each wait twice the last (at most a day).
   */
  nftMetadata: {
    enabled: boolean;
    ipfsGateway: string;
    timeoutMs: number;
    maxBytes: number;
    retryAttempts: number;
    retryDelaySeconds: number;
  };
};

/** Chain IDs of local development nodes (anvil and hardhat 31337, ganache and geth --dev 1337), followed at `latest` by default. */
export const DEVELOPMENT_CHAIN_IDS: readonly bigint[] = [31337n, 1337n];

/** A config value that cannot be used. */
export class IndexerConfigError extends ConfigError {
  override name = 'IndexerConfigError';
  readonly code = 'INDEXER_CONFIG';
}

/** The keys each level of the file may hold (README "Indexing a chain"). */
export const INDEXER_CONFIG_KEYS = {
  top: ['evm', 'primaryNetwork', 'nftMetadata'],
  evm: [
    'chainId',
    'rpcUrl',
    'rpcUrls',
    'network',
    'startBlock',
    'confirmations',
    'headTag',
    'blockchainId',
    'name',
    'nativeToken',
    'concurrency',
    'traces',
    'traceMethod',
    'rpcTimeoutMs',
    'pollIntervalMs',
    'genesisFile',
  ],
  nativeToken: ['name', 'symbol', 'decimals'],
  primaryNetwork: [
    'network',
    'nodeUrl',
    'nodeUrls',
    'chains',
    'startHeight',
    'xChainStartHeight',
    'xChainVertices',
    'proposers',
    'concurrency',
    'rpcTimeoutMs',
    'pollIntervalMs',
    'validatorRefreshMs',
    'genesisFile',
  ],
  nftMetadata: ['enabled', 'ipfsGateway', 'timeoutMs', 'maxBytes', 'retryAttempts', 'retryDelaySeconds'],
} as const;

/** An object (not an array, not null) of the file, its keys checked. */
function section(value: unknown, known: readonly string[], at: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail(at, 'an object');
  checkKnownKeys(value, known, at, fail);
  return value as Record<string, unknown>;
}

const fail = (what: string, expected: string): never => {
  throw new IndexerConfigError(what, expected);
};

function integer(value: unknown, what: string, fallback?: number | bigint): bigint {
  if (value === undefined && fallback !== undefined) return BigInt(fallback);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  return fail(`${what}=${JSON.stringify(value)}`, 'a non-negative integer');
}

function url(value: unknown, what: string): string {
  if (typeof value !== 'string') return fail(`${what}=${JSON.stringify(value)}`, 'an http(s) URL');
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // fall through
  }
  return fail(`${what}=${JSON.stringify(value)}`, 'an http(s) URL');
}

/**
 * Parses the config (already read as JSON text).
 * @param text JSON text
 * @param source file name for messages
 * @returns the config
 * @throws IndexerConfigError
 * @example parseIndexerConfig('{"evm":[{"chainId":31337,"rpcUrl":"http://127.0.0.1:8545","network":"fuji","startBlock":0,"confirmations":0}]}')
 */
export function parseIndexerConfig(text: string, source = 'config'): IndexerConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(`${source} is not JSON (${(error as Error).message})`, 'a JSON object');
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail(`${source}`, 'a JSON object');
  checkKnownKeys(raw, INDEXER_CONFIG_KEYS.top, '', fail);
  const given = raw as { evm?: unknown; primaryNetwork?: unknown };
  // Either section may be absent, not both.
  if (given.evm === undefined && given.primaryNetwork === undefined)
    return fail(`${source}.evm or ${source}.primaryNetwork`, 'an array of chains or of networks');
  if (given.evm !== undefined && !Array.isArray(given.evm)) return fail(`${source}.evm`, 'an array of chains');
  if (given.primaryNetwork !== undefined && !Array.isArray(given.primaryNetwork))
    return fail(`${source}.primaryNetwork`, 'an array of networks');
  const file = { evm: [], ...raw } as {
    evm: unknown[];
    primaryNetwork?: unknown[];
    nftMetadata?: Record<string, unknown>;
  };
  const seen = new Set<bigint>();
  const evm = file.evm.map((entry, i): EvmChainConfig => {
    const at = `evm[${i}]`;
    const c = section(entry, INDEXER_CONFIG_KEYS.evm, at);
    const chainId = integer(c.chainId, `${at}.chainId`);
    if (seen.has(chainId)) fail(`${at}.chainId=${chainId}`, 'each chain once');
    seen.add(chainId);
    const urls = c.rpcUrls !== undefined ? c.rpcUrls : c.rpcUrl !== undefined ? [c.rpcUrl] : undefined;
    if (!Array.isArray(urls) || urls.length === 0)
      return fail(`${at}.rpcUrl`, 'a node URL (or rpcUrls, a non-empty array)');
    const network = String(c.network ?? '').toLowerCase();
    if (!['mainnet', 'fuji', 'testnet'].includes(network))
      fail(`${at}.network=${JSON.stringify(c.network)}`, 'mainnet, fuji or testnet');
    // A development chain (anvil, hardhat, ganache) keeps `finalized` far behind its last block: follow `latest` there.
    const headTag = c.headTag ?? (DEVELOPMENT_CHAIN_IDS.includes(chainId) ? 'latest' : 'finalized');
    if (headTag !== 'finalized' && headTag !== 'safe' && headTag !== 'latest')
      fail(`${at}.headTag=${JSON.stringify(headTag)}`, 'finalized, safe or latest');
    if (
      c.blockchainId !== undefined &&
      (typeof c.blockchainId !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{40,60}$/.test(c.blockchainId))
    )
      fail(`${at}.blockchainId=${JSON.stringify(c.blockchainId)}`, 'a cb58 blockchain ID');
    if (c.name !== undefined && (typeof c.name !== 'string' || c.name.length === 0 || c.name.length > 128))
      fail(`${at}.name`, 'a non-empty string of at most 128 characters');
    const token =
      c.nativeToken === undefined ? {} : section(c.nativeToken, INDEXER_CONFIG_KEYS.nativeToken, `${at}.nativeToken`);
    const concurrency = Number(integer(c.concurrency, `${at}.concurrency`, 16));
    if (concurrency < 1 || concurrency > 256) fail(`${at}.concurrency=${concurrency}`, 'an integer from 1 to 256');
    if (c.traces !== undefined && typeof c.traces !== 'boolean') fail(`${at}.traces`, 'true or false');
    const traceMethod = c.traceMethod ?? 'callTracer';
    if (traceMethod !== 'callTracer' && traceMethod !== 'trace_block')
      fail(`${at}.traceMethod=${JSON.stringify(traceMethod)}`, 'callTracer or trace_block');
    return {
      chainId,
      rpcUrls: urls.map((u, j) => url(u, `${at}.rpcUrls[${j}]`)),
      network: network === 'mainnet' ? 'MAINNET' : 'FUJI',
      startBlock: integer(c.startBlock, `${at}.startBlock`, 0),
      confirmations: integer(c.confirmations, `${at}.confirmations`, 0),
      headTag: headTag as EvmChainConfig['headTag'],
      blockchainId: c.blockchainId as string | undefined,
      name: c.name as string | undefined,
      ...(c.nativeToken === undefined ? {} : { nativeToken: nativeToken(token, `${at}.nativeToken`) }),
      concurrency,
      traces: c.traces !== false,
      traceMethod: traceMethod as EvmChainConfig['traceMethod'],
      rpcTimeoutMs: Number(integer(c.rpcTimeoutMs, `${at}.rpcTimeoutMs`, 30_000)),
      pollIntervalMs: Number(integer(c.pollIntervalMs, `${at}.pollIntervalMs`, 1_000)),
      ...(c.genesisFile === undefined
        ? {}
        : { genesis: { file: String(c.genesisFile), alloc: readEvmGenesis(c.genesisFile, `${at}.genesisFile`) } }),
    };
  });
  const primaryNetwork = parsePrimaryNetworks(file.primaryNetwork ?? []);
  const nft =
    file.nftMetadata === undefined ? {} : section(file.nftMetadata, INDEXER_CONFIG_KEYS.nftMetadata, 'nftMetadata');
  if (nft.enabled !== undefined && typeof nft.enabled !== 'boolean') fail('nftMetadata.enabled', 'true or false');
  return {
    evm,
    primaryNetwork,
    nftMetadata: {
      enabled: nft.enabled !== false,
      ipfsGateway:
        nft.ipfsGateway === undefined ? 'https://ipfs.io/ipfs/' : url(nft.ipfsGateway, 'nftMetadata.ipfsGateway'),
      timeoutMs: Number(integer(nft.timeoutMs, 'nftMetadata.timeoutMs', 10_000)),
      maxBytes: Number(integer(nft.maxBytes, 'nftMetadata.maxBytes', 1_000_000)),
      retryAttempts: Number(integer(nft.retryAttempts, 'nftMetadata.retryAttempts', 8)),
      retryDelaySeconds: Number(integer(nft.retryDelaySeconds, 'nftMetadata.retryDelaySeconds', 60)),
    },
  };
}

/** A configured native token: name and symbol given, decimals 18 unless given. */
function nativeToken(token: Record<string, unknown>, at: string): NativeToken {
  for (const key of ['name', 'symbol'] as const)
    if (typeof token[key] !== 'string' || token[key].length === 0 || token[key].length > 64)
      fail(`${at}.${key}=${JSON.stringify(token[key])}`, 'a non-empty string of at most 64 characters');
  return {
    name: token.name as string,
    symbol: token.symbol as string,
    decimals: Number(integer(token.decimals, `${at}.decimals`, 18)),
  };
}

/** The alloc of an EVM genesis file, checked at start. */
function readEvmGenesis(file: unknown, what: string): Map<string, bigint> {
  if (typeof file !== 'string' || file.length === 0)
    return fail(`${what}=${JSON.stringify(file)}`, "the path of the chain's genesis JSON");
  let genesis: unknown;
  try {
    genesis = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(
      `${what}=${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'a readable genesis JSON file',
    );
  }
  try {
    return decodeGenesisAlloc(genesis, file);
  } catch (error) {
    return fail(`${what}: ${(error as Error).message}`, 'a genesis whose alloc maps addresses to balances');
  }
}

function parsePrimaryNetworks(entries: unknown[]): PrimaryNetworkConfig[] {
  const seen = new Set<string>();
  return entries.map((entry, i): PrimaryNetworkConfig => {
    const at = `primaryNetwork[${i}]`;
    const c = section(entry, INDEXER_CONFIG_KEYS.primaryNetwork, at);
    const name = String(c.network ?? '').toLowerCase();
    if (!['mainnet', 'fuji', 'testnet'].includes(name))
      fail(`${at}.network=${JSON.stringify(c.network)}`, 'mainnet, fuji or testnet');
    const network = name === 'mainnet' ? 'MAINNET' : 'FUJI';
    if (seen.has(network)) fail(`${at}.network=${JSON.stringify(c.network)}`, 'each network once');
    seen.add(network);
    const urls = c.nodeUrls !== undefined ? c.nodeUrls : c.nodeUrl !== undefined ? [c.nodeUrl] : undefined;
    if (!Array.isArray(urls) || urls.length === 0)
      return fail(`${at}.nodeUrl`, 'an avalanchego URL (or nodeUrls, a non-empty array)');
    const chains = c.chains ?? ['P', 'X'];
    if (
      !Array.isArray(chains) ||
      chains.length === 0 ||
      chains.some((x) => x !== 'P' && x !== 'X') ||
      new Set(chains).size !== chains.length
    ) {
      fail(`${at}.chains=${JSON.stringify(c.chains)}`, 'a non-empty array of "P" and "X"');
    }
    if (c.proposers !== undefined && typeof c.proposers !== 'boolean') fail(`${at}.proposers`, 'true or false');
    if (c.xChainVertices !== undefined && typeof c.xChainVertices !== 'boolean')
      fail(`${at}.xChainVertices`, 'true or false');
    const concurrency = Number(integer(c.concurrency, `${at}.concurrency`, 8));
    if (concurrency < 1 || concurrency > 64) fail(`${at}.concurrency=${concurrency}`, 'an integer from 1 to 64');
    if (c.genesisFile !== undefined && (typeof c.genesisFile !== 'string' || c.genesisFile.length === 0))
      fail(`${at}.genesisFile=${JSON.stringify(c.genesisFile)}`, "the path of avalanchego's genesis config JSON");
    // A relative path is taken from the working directory, as the config file's own path is.
    const genesis =
      typeof c.genesisFile === 'string'
        ? { file: c.genesisFile, config: readGenesisConfig(c.genesisFile, network, `${at}.genesisFile`) }
        : undefined;
    return {
      network,
      nodeUrls: urls.map((u, j) => url(u, `${at}.nodeUrls[${j}]`).replace(/\/+$/, '')),
      chains: chains as ('P' | 'X')[],
      startHeight: integer(c.startHeight, `${at}.startHeight`, 0),
      xChainStartHeight: integer(c.xChainStartHeight, `${at}.xChainStartHeight`, 0),
      concurrency,
      proposers: c.proposers !== false,
      xChainVertices: c.xChainVertices === undefined ? 'auto' : (c.xChainVertices as boolean),
      rpcTimeoutMs: Number(integer(c.rpcTimeoutMs, `${at}.rpcTimeoutMs`, 30_000)),
      pollIntervalMs: Number(integer(c.pollIntervalMs, `${at}.pollIntervalMs`, 1_000)),
      validatorRefreshMs: Number(integer(c.validatorRefreshMs, `${at}.validatorRefreshMs`, 60_000)),
      ...(genesis ? { genesis } : {}),
    };
  });
}

/**
 * Reads and parses the config file.
 * @param file path
 * @returns the config
 * @throws IndexerConfigError when unreadable or invalid
 * @example const config = readIndexerConfig('indexer.json')
 */
export function readIndexerConfig(file: string): IndexerConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // The options checked the path already, naming the flag or variable that gave it: this is a file gone since.
    return fail(`the indexer config file ${file} cannot be read (${fileErrorReason(error)})`, 'a readable JSON file');
  }
  return parseIndexerConfig(text, file);
}
