import type { EvmNftToken } from '../../../prisma/rows';
import { modelColumnsSql } from '../../../prisma/read/modelFields';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { contractSummaryFields, type ContractSummary } from '../formatters/account';
import { createLoader, inKeyOrder } from '../../shared/loaderKeys';
import type { SubgraphDeps } from '../../shared/subgraph';
import { chainKeyId, type ChainKey } from './chainKeys';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

/** Key of an NFT: its collection and token ID. */
export type NftKey = { chainId: bigint; address: string; tokenId: bigint };

const nftId = (key: { chainId: bigint; address: string; tokenId: { toString(): string } }) =>
  `${key.chainId}:${key.address}:${key.tokenId.toString()}`;

const contractColumns = modelColumnsSql('EvmContract', 'c', contractSummaryFields);

/**
 * Loaders of what is known about addresses: contracts (token metadata of `from`/`to` account
 * references and of transferred tokens, 2.8), NFTs, and method names. Looked up on nearly every
 * EVM request, by primary key: raw reads (`read`, rows shaped by toModelRow), which cost a
 * fraction of Prisma's query building for the same statement.
 * @param deps the subgraph's dependencies (`read`)
 * @returns the loaders
 * @example createTokenLoaders(deps).contract.load({ chainId: 43114n, address: '0xb97e…' })
 */
export function createTokenLoaders({ read }: Pick<SubgraphDeps, 'read'>) {
  return {
    /**
     * A contract by (chainId, address), with the fields account references and token details
     * read; null for accounts that are not known contracts.
     */
    contract: createLoader<ChainKey<'address'>, ContractSummary | null>(
      async (keys) => {
        const rows = await read<Record<string, unknown>>(
          `SELECT c.chain_id, ${contractColumns} FROM evm_contract c JOIN unnest($1::bigint[], $2::bytea[]) AS k (chain_id, address) ON c.chain_id = k.chain_id AND c.address = k.address`,
          [keys.map((key) => key.chainId.toString()), keys.map((key) => key.address)],
          KEEP_PLAN,
        );
        const contracts = rows.map((row) => toModelRow<ContractSummary & { chainId: bigint }>('EvmContract', row));
        return inKeyOrder(
          keys,
          contracts,
          (key) => chainKeyId(key, 'address'),
          (row) => chainKeyId(row, 'address'),
        );
      },
      (key) => chainKeyId(key, 'address'),
    ),
    /** An NFT (ERC-721 or ERC-1155 token ID) with its metadata. */
    nftToken: createLoader<NftKey, EvmNftToken | null>(async (keys) => {
      const rows = await read<Record<string, unknown>>(
        `SELECT n.* FROM evm_nft_token n JOIN unnest($1::bigint[], $2::bytea[], $3::numeric[]) AS k (chain_id, address, token_id)
           ON n.chain_id = k.chain_id AND n.address = k.address AND n.token_id = k.token_id`,
        [
          keys.map((key) => key.chainId.toString()),
          keys.map((key) => key.address),
          keys.map((key) => key.tokenId.toString()),
        ],
        KEEP_PLAN,
      );
      return inKeyOrder(
        keys,
        rows.map((row) => toModelRow<EvmNftToken>('EvmNftToken', row)),
        nftId,
        nftId,
      );
    }),
    /** The text signature of a 4-byte selector (`0xa9059cbb` → `transfer(address,uint256)`). */
    methodName: createLoader<string, string | null>(async (hashes) => {
      const rows = await read<{ method_hash: string; method_name: string }>(
        'SELECT method_hash, method_name FROM evm_method_signature WHERE method_hash = ANY($1::bytea[])',
        [[...hashes]],
        KEEP_PLAN,
      );
      return inKeyOrder(hashes, rows, String, (row) => row.method_hash).map((row) => row?.method_name ?? null);
    }),
  };
}
