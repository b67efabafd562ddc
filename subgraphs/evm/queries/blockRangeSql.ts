import { Prisma } from '../../../prisma/generated/client';

/**
 * The block range of 4.8–4.11 as SQL on `alias.block_number`: `startBlock` inclusive, `endBlock`
 * exclusive, either side open when absent.
 * @param alias table alias
 * @param range the bounds
 * @returns `AND … >= … AND … < …`, or nothing
 * @example blockRangeSql('t', { startBlock: 10n }) // AND t.block_number >= 10
 */
export function blockRangeSql(alias: string, range: { startBlock?: bigint; endBlock?: bigint }): Prisma.Sql {
  const column = Prisma.raw(`${alias}.block_number`);
  return Prisma.sql`${range.startBlock !== undefined ? Prisma.sql`AND ${column} >= ${range.startBlock}` : Prisma.empty} ${
    range.endBlock !== undefined ? Prisma.sql`AND ${column} < ${range.endBlock}` : Prisma.empty
  }`;
}
