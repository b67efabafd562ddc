import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import { stringKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetNftHoldersByContractAddressArgs } from '../types/nftHolder.args';
import type { NftHoldersResponse } from '../types/nftHolder.type';

/** The NFT standards a collection can follow. */
export type NftKind = 'ERC-721' | 'ERC-1155';

type HolderRow = { address: string; held: Prisma.Decimal };
type TotalsRow = { holders: bigint; tokens: Prisma.Decimal };

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Where a collection's holdings are, per standard: an ERC-721 token's current owner
 * (evm_nft_token, a burnt token's owner is the zero address: no one's), an ERC-1155 holder's
 * positive balances of each token ID (erc1155_balance). Both are read by an index that starts with
 * (chain, collection, holder), so the holders come in address order.
 */
const holdings: Record<
  NftKind,
  (chain: bigint, collection: string) => { from: Prisma.Sql; holder: string; held: string }
> = {
  'ERC-721': (chain, collection) => ({
    from: Prisma.sql`evm_nft_token h WHERE h.chain_id = ${chain} AND h.address = ${collection}
        AND h.owner_address IS NOT NULL AND h.owner_address <> ${ZERO_ADDRESS}`,
    holder: 'owner_address',
    held: 'count(*)::numeric',
  }),
  'ERC-1155': (chain, collection) => ({
    from: Prisma.sql`erc1155_balance h WHERE h.chain_id = ${chain} AND h.token_address = ${collection} AND h.balance > 0`,
    holder: 'holder',
    held: 'sum(h.balance)',
  }),
};

/**
 * The holders of an NFT collection in address order, each with how many of its NFTs it holds, and
 * the collection's totals. A page groups the holdings of its holders only (the index range from
 * the cursor on, stopping at the page's end); the totals count the collection's whole range (one
 * index-only scan, proportional to the collection's holdings).
 * @param context the request's context
 * @param args chain, collection and page
 * @param kind the collection's standard
 * @param names the collection's name and symbol, when known
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listNftHolders(context, args, 'ERC-721', { name: 'Apes', symbol: 'APE' })
 */
export async function listNftHolders(
  context: SubgraphDeps,
  args: GetNftHoldersByContractAddressArgs,
  kind: NftKind,
  names: { name: string; symbol: string } | null,
): Promise<NftHoldersResponse> {
  const source = holdings[kind](args.chainId, args.address);
  const holder = Prisma.raw(`h.${source.holder}`);
  const held = Prisma.raw(source.held);
  const page = await paginateSql(
    {
      list: 'nftHolders',
      args,
      signer: context.pageTokens,
      order: 'asc',
      keys: [sortKey<HolderRow>('address', stringKey, `h.${source.holder}`)],
    },
    (k) => Prisma.sql`
      SELECT ${holder} AS address, ${held} AS held FROM ${source.from} ${k.after()}
      GROUP BY ${holder} ORDER BY ${holder} LIMIT ${k.limit}`,
    (sql) => readSql<HolderRow>(context.read, sql),
  );
  const [totals] = await readSql<TotalsRow>(
    context.read,
    Prisma.sql`SELECT count(DISTINCT ${holder}) AS holders, coalesce(${held}, 0) AS tokens FROM ${source.from}`,
  );
  return {
    nextPageToken: page.nextPageToken,
    addresses: page.items.map((row) => ({ address: row.address, sortKey: row.held.toFixed() })),
    nftCollectionName: names?.name ? [names.name] : [],
    nftSymbol: names?.symbol ? [names.symbol] : [],
    totalHolders: Number(totals?.holders ?? 0n),
    totalTokens: (totals?.tokens ?? new Prisma.Decimal(0)).toFixed(),
  };
}
