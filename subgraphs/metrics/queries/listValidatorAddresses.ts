import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { readSql } from '../../../prisma/read/readSql';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { SubgraphDeps } from '../../shared/subgraph';
import type { GetValidatorsByDateRangeArgs } from '../types/validatorAddresses.args';
import type { PChainLookingGlassResponse } from '../types/validatorAddresses.type';

type ValidationRow = { blockIndex: bigint; validationId: string; rewardAddresses: string[]; startTimestamp: bigint };

/** Newest first by the block that added the validation, then its ID (index validator(network, subnet_id, block_index, validation_id)). */
const validationOrder = [
  sortKey<ValidationRow>('blockIndex', bigintKey),
  sortKey<ValidationRow>('validationId', stringKey),
];

const int8Max = 2n ** 63n - 1n;

/**
 * getValidatorsByDateRange: the validations of a subnet in the set at some time of the frame
 * (`start <= endTimestamp`, and leaving the set, by its end or a removal, after `startTimestamp`
 * and after its start: one removed while pending never was in the set),
 * newest first, each with its reward addresses and start time. A validation is added at or before
 * its start, so the walk of the subnet's validations by block index begins at the last P-Chain
 * block of the frame (one lookup of the block index by time) and stops at a full page.
 * @param context the request's context
 * @param request arguments and stored network
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listValidatorAddresses(context, { args, network: 'MAINNET' })
 */
export async function listValidatorAddresses(
  context: SubgraphDeps,
  request: { args: GetValidatorsByDateRangeArgs; network: DbNetwork },
): Promise<PChainLookingGlassResponse> {
  const { args } = request;
  const network = request.network.toLowerCase();
  const start = BigInt(args.startTimestamp ?? 0);
  const end = args.endTimestamp === undefined ? int8Max : BigInt(args.endTimestamp);
  const page = await paginateSql(
    { list: 'validatorAddresses', args, signer: context.pageTokens, order: 'desc', keys: validationOrder },
    (k) => Prisma.sql`
      SELECT v.block_index AS "blockIndex", v.validation_id AS "validationId", v.reward_addresses AS "rewardAddresses",
        v.start_timestamp AS "startTimestamp"
      FROM validator v
      WHERE v.network = ${network}::network AND v.subnet_id = ${args.subnetId}
        AND v.block_index <= coalesce((SELECT max(b.block_number) FROM primary_network_block b
              WHERE b.network = ${network}::network AND b.blockchain_id = ${PRIMARY_NETWORK_ID} AND b.block_timestamp <= ${end}), -1)
        AND v.start_timestamp <= ${end}
        AND (LEAST(v.end_timestamp, v.removed_timestamp) IS NULL
             OR LEAST(v.end_timestamp, v.removed_timestamp) > GREATEST(v.start_timestamp, ${start}))
        ${k.after('v')}
      ORDER BY ${k.orderBy('v')} LIMIT ${k.limit}`,
    (sql) => readSql<ValidationRow>(context.read, sql),
  );
  return {
    nextPageToken: page.nextPageToken,
    addresses: page.items.map((row) => ({ addresses: row.rewardAddresses, sortKey: row.startTimestamp.toString() })),
  };
}
