// eth_chainId, eth_blockNumber, net_version, web3_clientVersion, web3_sha3.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { rangeOf } from './blockAccess';
import { data, quantity } from './hex';
import { ethMethod } from './methodSpec';
import { bytesArg } from './params';

/** eth_chainId(): the EVM chain ID. */
export const eth_chainId = ethMethod({ args: [], run: async (_, ctx) => quantity(ctx.chain.evmChainId!) });

/** The network version of an EVM chain is its chain ID in decimal (subnet-evm sets NetworkId to it). */
export const net_version = ethMethod({ args: [], run: async (_, ctx) => ctx.chain.evmChainId!.toString() });

/** web3_clientVersion(): this service's name and version. */
export const web3_clientVersion = ethMethod({ args: [], run: async (_, ctx) => ctx.clientVersion });

/** web3_sha3(data): keccak-256 of the bytes. */
export const web3_sha3 = ethMethod({ args: [bytesArg], run: async ([input]) => data(keccak_256(input as Uint8Array)) });

/** The last accepted block: the index head. */
export const eth_blockNumber = ethMethod({
  args: [],
  run: async (_, ctx) => quantity((await rangeOf(ctx))?.head ?? 0n),
});
