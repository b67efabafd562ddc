// Example URLs that answer with data on what the database holds, for the start banner and the front
// door: the demo data set's when it is loaded, else an indexed chain's (a devnet holding only anvil's
// chain 31337 gets that chain's blocks and RPC, not mainnet's subnets, which it has none of).
import { PUBLIC_NETWORKS } from '../avalanche/networks';
import type { LoadedData } from './loadedData';

/** Paths to try. */
export type ExampleUrls = {
  /** REST paths with data: the demo's subnets, or an EVM chain's blocks and a primary network's blocks. */
  rest: string[];
  /** The chain RPC of an EVM chain with blocks (or being indexed); none when there is no such chain. */
  rpc?: string;
};

/** An EVM chain the indexer of this process follows: its blocks are on their way. */
export type IndexedEvmChain = { chainId: bigint; blockchainId: string };

/** The demo data set's examples, the ones the README's quick start uses. */
export const demoExamples: ExampleUrls = { rest: ['/v1/networks/mainnet/subnets?pageSize=2'], rpc: '/ext/bc/C/rpc' };

/**
 * Picks the examples: the demo data set's when it is loaded; else the blocks of the first EVM chain
 * that has some (by chain ID), or of the first chain the indexer follows, with its RPC path, and the
 * blocks of the first primary-network chain that has some.
 * @param loaded what the database holds (loadedData.ts)
 * @param options `rpcNetwork`, whose C-Chain the node RPC calls `C`; `indexing`, the EVM chains the
 * process's indexer follows, used when no EVM chain has blocks yet
 * @returns paths, without the origin
 * @example exampleUrls(await readLoadedData(db), { rpcNetwork: 'MAINNET' }).rest[0] // '/v1/chains/31337/blocks?pageSize=2'
 */
export function exampleUrls(
  loaded: LoadedData,
  { rpcNetwork, indexing = [] }: { rpcNetwork: 'MAINNET' | 'FUJI'; indexing?: readonly IndexedEvmChain[] },
): ExampleUrls {
  if (loaded.demoData) return demoExamples;
  const withBlocks = loaded.evmChains.find((chain) => chain.height !== null);
  const followed = indexing[0] && {
    chainId: indexing[0].chainId,
    // A chain the indexer registered already has its row, whose ID its RPC is served under.
    blockchainId:
      loaded.evmChains.find((chain) => chain.chainId === indexing[0]!.chainId)?.blockchainId ??
      indexing[0].blockchainId,
  };
  const evm = withBlocks ?? followed;
  const primary = loaded.primaryChains[0];
  const rest = [
    ...(evm ? [`/v1/chains/${evm.chainId}/blocks?pageSize=2`] : []),
    ...(primary ? [`/v1/networks/${primary.network}/blockchains/${primary.chain}/blocks?pageSize=2`] : []),
  ];
  if (!evm) return { rest };
  const alias = evm.blockchainId === PUBLIC_NETWORKS[rpcNetwork].chains['c-chain'] ? 'C' : evm.blockchainId;
  return { rest, rpc: `/ext/bc/${alias}/rpc` };
}
