import { Prisma, type EvmChain } from '../../../prisma/generated/client';
import type { EvmNftToken } from '../../../prisma/rows';
import { modelColumnsSql } from '../../../prisma/read/modelFields';
import { readSql } from '../../../prisma/read/readSql';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { decimalKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import { formatErc1155Token, formatErc721Token, storedNftFields } from '../formatters/nftToken';
import type { ListNftTokens } from '../types/nftCollection.type';

type TokenRow = Pick<EvmNftToken, (typeof storedNftFields)[number] | 'ercType'>;

/** By token ID, the last column of evm_nft_token's primary key (chain_id, address, token_id). */
const tokenOrder = [sortKey<TokenRow>('tokenId', decimalKey, 'token_id')];

const tokenFields = [...storedNftFields, 'ercType'] as const;
const columns = Prisma.raw(modelColumnsSql('EvmNftToken', 'n', tokenFields));

/** A page request of a collection's tokens. */
export type ListTokensRequest = {
  chain: EvmChain;
  /** Lower-case collection address. */
  address: string;
  pageSize: number;
  pageToken?: string | null;
};

/**
 * listTokens: a collection's tokens with their metadata, by token ID ascending, each as the
 * variant of its kind (an Erc721Token with the collection's name, symbol and the owner, or an
 * Erc1155Token). One range of evm_nft_token's primary key per page. A collection without indexed
 * tokens (or an address that is none) has an empty page.
 * @param context the request's context
 * @param request chain, collection, page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listTokens(context, { chain, address, pageSize: 10 })
 */
export async function listTokens(context: EvmContext, request: ListTokensRequest): Promise<ListNftTokens> {
  const chainId = request.chain.chainId;
  const address = request.address;
  // Tokens are bound to the EVM chain ID, so `43114` and the C-Chain's blockchain ID share them.
  const args = { chainId, address, pageSize: request.pageSize, pageToken: request.pageToken };
  const [page, contract] = await Promise.all([
    paginateSql(
      {
        list: 'nftTokens',
        args,
        signer: context.pageTokens,
        order: 'asc',
        keys: tokenOrder,
      },
      (k) => Prisma.sql`
        SELECT ${columns} FROM evm_nft_token n
        WHERE n.chain_id = ${chainId} AND n.address = ${address} ${k.after('n')}
        ORDER BY ${k.orderBy('n')} LIMIT ${k.limit}`,
      async (sql) =>
        (await readSql<Record<string, unknown>>(context.read, sql)).map((row) =>
          toModelRow<TokenRow>('EvmNftToken', row),
        ),
    ),
    context.loaders.contract.load({ chainId, address }),
  ]);
  return {
    nextPageToken: page.nextPageToken,
    tokens: page.items.map((row) => {
      const tokenId = BigInt(row.tokenId.toFixed());
      return row.ercType === 'ERC1155'
        ? formatErc1155Token(address, tokenId, row)
        : formatErc721Token(address, tokenId, row, contract);
    }),
  };
}
