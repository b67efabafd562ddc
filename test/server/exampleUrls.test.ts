// The examples the start banner and the front door suggest: on the data the database holds, never
// mainnet's subnets on a devnet that has none.
import { exampleUrls } from '../../server/exampleUrls';
import type { LoadedData, LoadedEvmChain, LoadedPrimaryChain } from '../../server/loadedData';

const mainnetCChainId = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const anvil: LoadedEvmChain = {
  chainId: 31337n,
  name: 'Anvil',
  network: 'fuji',
  blockchainId: 'anvilChainId',
  height: 12n,
};
const nothing: LoadedData = { demoData: null, evmChains: [], primaryChains: [] };
const fujiPChain: LoadedPrimaryChain = {
  network: 'fuji',
  chain: 'p-chain',
  blockchainId: '11111111111111111111111111111111LpoYY',
  height: 7n,
};

describe('exampleUrls()', () => {
  test("the demo data set: the README's examples, mainnet's subnets and the C-Chain's RPC", () => {
    const demo: LoadedData = {
      demoData: { scale: 1, demoNow: 1_793_491_200, seededAt: 'then' },
      evmChains: [anvil],
      primaryChains: [fujiPChain],
    };
    expect(exampleUrls(demo, { rpcNetwork: 'MAINNET' })).toEqual({
      rest: ['/v1/networks/mainnet/subnets?pageSize=2'],
      rpc: '/ext/bc/C/rpc',
    });
  });

  test('a devnet with one EVM chain: its blocks, and its RPC under its blockchain ID', () => {
    expect(exampleUrls({ ...nothing, evmChains: [anvil] }, { rpcNetwork: 'MAINNET' })).toEqual({
      rest: ['/v1/chains/31337/blocks?pageSize=2'],
      rpc: '/ext/bc/anvilChainId/rpc',
    });
  });

  test("the RPC network's C-Chain is served under the alias C, another network's under its ID", () => {
    const cChain: LoadedEvmChain = { ...anvil, chainId: 43114n, network: 'mainnet', blockchainId: mainnetCChainId };
    const loaded = { ...nothing, evmChains: [cChain] };
    expect(exampleUrls(loaded, { rpcNetwork: 'MAINNET' }).rpc).toBe('/ext/bc/C/rpc');
    expect(exampleUrls(loaded, { rpcNetwork: 'FUJI' }).rpc).toBe(`/ext/bc/${mainnetCChainId}/rpc`);
  });

  test('the first EVM chain with blocks, by chain ID: a chain without blocks is passed over', () => {
    const empty: LoadedEvmChain = { ...anvil, chainId: 1n, blockchainId: 'emptyChainId', height: null };
    const other: LoadedEvmChain = { ...anvil, chainId: 99999n, blockchainId: 'otherChainId' };
    expect(exampleUrls({ ...nothing, evmChains: [empty, anvil, other] }, { rpcNetwork: 'MAINNET' })).toEqual({
      rest: ['/v1/chains/31337/blocks?pageSize=2'],
      rpc: '/ext/bc/anvilChainId/rpc',
    });
  });

  test("a primary network with blocks: its first chain's blocks, beside the EVM chain's", () => {
    const xOnly: LoadedPrimaryChain = { ...fujiPChain, chain: 'x-chain', network: 'mainnet', blockchainId: 'x' };
    expect(
      exampleUrls({ ...nothing, evmChains: [anvil], primaryChains: [fujiPChain] }, { rpcNetwork: 'MAINNET' }),
    ).toEqual({
      rest: ['/v1/chains/31337/blocks?pageSize=2', '/v1/networks/fuji/blockchains/p-chain/blocks?pageSize=2'],
      rpc: '/ext/bc/anvilChainId/rpc',
    });
    // No EVM chain: no RPC to suggest.
    expect(exampleUrls({ ...nothing, primaryChains: [xOnly] }, { rpcNetwork: 'MAINNET' })).toEqual({
      rest: ['/v1/networks/mainnet/blockchains/x-chain/blocks?pageSize=2'],
    });
  });

  test('no EVM block yet: the chain the indexer follows, under the ID it is registered with when it is', () => {
    const indexing = [{ chainId: 31337n, blockchainId: 'derivedId' }];
    expect(exampleUrls(nothing, { rpcNetwork: 'MAINNET', indexing })).toEqual({
      rest: ['/v1/chains/31337/blocks?pageSize=2'],
      rpc: '/ext/bc/derivedId/rpc',
    });
    const registered = { ...nothing, evmChains: [{ ...anvil, height: null }] };
    expect(exampleUrls(registered, { rpcNetwork: 'MAINNET', indexing }).rpc).toBe('/ext/bc/anvilChainId/rpc');
  });

  test('nothing loaded and nothing indexed: no example', () => {
    expect(exampleUrls(nothing, { rpcNetwork: 'MAINNET' })).toEqual({ rest: [] });
  });
});
