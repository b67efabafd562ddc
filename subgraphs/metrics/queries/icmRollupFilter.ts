import { Prisma } from '../../../prisma/generated/client';
import { toDbNetwork, type Network } from '../../shared/network';
import type { IcmGroupBy } from '../../shared/params/icmGroupBy';

/** The filters and grouping of both ICM operations. */
export type IcmSelection = {
  srcBlockchainId?: string;
  destBlockchainId?: string;
  network?: Network;
  groupBy?: IcmGroupBy;
};

/** What an end names when the counts are neither by it nor filtered on it. */
export const ALL_CHAINS = 'all';

/**
 * The conditions of the selection on `icm_message_rollup r`, each an equality on a column that
 * leads one of its indexes.
 * @param selection the request's filters
 * @returns `AND …` conditions, or nothing
 * @example Prisma.sql`WHERE TRUE ${icmRollupFilter({ network: Network.mainnet })}`
 */
export function icmRollupFilter(selection: IcmSelection): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (selection.srcBlockchainId) conditions.push(Prisma.sql`AND r.source_blockchain_id = ${selection.srcBlockchainId}`);
  if (selection.destBlockchainId)
    conditions.push(Prisma.sql`AND r.destination_blockchain_id = ${selection.destBlockchainId}`);
  if (selection.network)
    conditions.push(
      Prisma.sql`AND r.network = ${toDbNetwork(selection.network) === 'MAINNET' ? 'mainnet' : 'fuji'}::network`,
    );
  return conditions.length ? Prisma.join(conditions, ' ') : Prisma.empty;
}
