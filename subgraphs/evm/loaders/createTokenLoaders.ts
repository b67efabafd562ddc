import type { EvmContract, EvmNftToken, PrismaClient } from '../../../prisma/generated/client';
import { createLoader, inKeyOrder } from '../../shared/loaderKeys';
import { chainKeyId, whereChainKeys, type ChainKey } from './chainKeys';

/** Key of an NFT: its collection and token ID. */
export type NftKey = { chainId: bigint; address: string; tokenId: bigint };

const nftId = (key: { chainId: bigint; address: string; tokenId: { toString(): string } }) => `${key.chainId}:${key.address}:${key.tokenId.toString()}`;

/**
 * Loaders of what is known about addresses: contracts (token metadata of `from`/`to` account
 * references and of transferred tokens, 2.8), NFTs, and method names.
 * @param prisma the client
 * @returns the loaders
 * @example createTokenLoaders(prisma).contract.load({ chainId: 43114n, address: '0xb97e…' })
 */
export function createTokenLoaders(prisma: PrismaClient) {
  return {
    /** A contract by (chainId, address); null for accounts that are not known contracts. */
    contract: createLoader<ChainKey<'address'>, EvmContract | null>(async (keys) => {
      const rows = await prisma.evmContract.findMany({ where: whereChainKeys(keys, 'address') });
      return inKeyOrder(keys, rows, (key) => chainKeyId(key, 'address'), (row) => chainKeyId(row, 'address'));
    }),
    /** An NFT (ERC-721 or ERC-1155 token ID) with its metadata. */
    nftToken: createLoader<NftKey, EvmNftToken | null>(async (keys) => {
      const rows = await prisma.evmNftToken.findMany({
        where: { OR: keys.map((key) => ({ chainId: key.chainId, address: key.address, tokenId: key.tokenId.toString() })) },
      });
      return inKeyOrder(keys, rows, nftId, nftId);
    }),
    /** The text signature of a 4-byte selector (`0xa9059cbb` → `transfer(address,uint256)`). */
    methodName: createLoader<string, string | null>(async (hashes) => {
      const rows = await prisma.evmMethodSignature.findMany({ where: { methodHash: { in: [...hashes] } } });
      return inKeyOrder(hashes, rows, String, (row) => row.methodHash).map((row) => row?.methodName ?? null);
    }),
  };
}
