import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import { decimalKey, stringKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetAddressesByBtcbBridgedArgs } from '../types/btcbBridged.args';
import type { BtcbBridgersResponse } from '../types/btcbBridged.type';

type BridgerRow = { address: string; net: Prisma.Decimal };

/** Largest net amount first; the address breaks ties (a backward walk of btcb_bridged(net, address)). */
const bridgerOrder = [
  sortKey<BridgerRow>('net', decimalKey, 'b.net'),
  sortKey<BridgerRow>('address', stringKey, 'b.address'),
];

/**
 * The addresses whose net bridged BTC.b (the rollup of metrics/btcbBridged.ts) is above the
 * threshold, largest first: one index range from the cursor down to the threshold.
 * @param context the request's context
 * @param args threshold and page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listBtcbBridgers(context, { threshold: 100_000_000n, pageSize: 10 })
 */
export async function listBtcbBridgers(
  context: SubgraphDeps,
  args: GetAddressesByBtcbBridgedArgs,
): Promise<BtcbBridgersResponse> {
  const page = await paginateSql(
    { list: 'btcbBridgers', args, signer: context.pageTokens, order: 'desc', keys: bridgerOrder },
    (k) => Prisma.sql`
      SELECT b.address, b.net FROM btcb_bridged b
      WHERE b.net > ${args.threshold.toString()}::numeric ${k.after()}
      ORDER BY ${k.orderBy()} LIMIT ${k.limit}`,
    (sql) => readSql<BridgerRow>(context.read, sql),
  );
  return {
    nextPageToken: page.nextPageToken,
    addresses: page.items.map((row) => ({ address: row.address, sortKey: row.net.toFixed() })),
  };
}
