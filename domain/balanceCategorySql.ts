// The SQL form of balanceCategoryAt: a CASE expression over the utxo table's columns, so balances
// (4.6) are summed per asset and category in the database.
import { dataModel } from '../prisma/generated/metadata';
import { aliasPrefix, instantSql, type SqlInstant } from './sqlInstant';

/** Options of {@link balanceCategorySql}. */
export type BalanceCategorySqlOptions = {
  /** The instant T, Unix seconds: a placeholder such as `$1`, or the instant itself (a literal). It is read as bigint. */
  at: SqlInstant;
  /** Alias (or table name) qualifying the utxo columns, e.g. `u`. @default none */
  alias?: string;
};

const column = (field: keyof typeof dataModel.models.Utxo.fields, prefix: string) =>
  `${prefix}"${dataModel.models.Utxo.fields[field].column}"`;

/**
 * A CASE expression giving a utxo row's balance category at T (one of the eight names of spec 2.6),
 * or NULL when the UTXO does not exist at T; the same rule as `balanceCategoryAt`, checked row by
 * row on the demo data by `test/domain/balanceCategorySql.test.ts`. Column names come from the schema.
 * @param options the placeholder of T and the table alias
 * @returns SQL text (no trailing alias)
 * @throws Error when the placeholder or alias is not a plain `$n` / identifier, or the instant not an integer
 * @example
 * const category = balanceCategorySql({ at: '$1', alias: 'u' })
 * await db.query(`SELECT u.asset_id, ${category} AS category, sum(u.amount) AS amount FROM utxo u
 *   WHERE u.network = 'mainnet' GROUP BY 1, 2 HAVING ${category} IS NOT NULL`, [now])
 */
export function balanceCategorySql(options: BalanceCategorySqlOptions): string {
  const t = instantSql(options.at);
  const prefix = aliasPrefix(options.alias);
  const c = (field: Parameters<typeof column>[0]) => column(field, prefix);
  return [
    'CASE',
    `WHEN ${c('blockTimestamp')} > ${t} OR ${c('consumingBlockTimestamp')} <= ${t} THEN NULL`,
    `WHEN ${c('sharedWithChainId')} IS NOT NULL AND ${c('platformLocktime')} > ${t} THEN 'atomicMemoryLocked'`,
    `WHEN ${c('sharedWithChainId')} IS NOT NULL THEN 'atomicMemoryUnlocked'`,
    `WHEN ${c('staked')} AND ${t} < ${c('utxoStartTimestamp')} THEN 'pendingStaked'`,
    `WHEN ${c('staked')} AND ${t} < ${c('utxoEndTimestamp')} AND ${c('stakeableLocktime')} > ${t} THEN 'lockedStaked'`,
    `WHEN ${c('staked')} AND ${t} < ${c('utxoEndTimestamp')} THEN 'unlockedStaked'`,
    `WHEN ${c('platformLocktime')} > ${t} THEN 'lockedPlatform'`,
    `WHEN ${c('stakeableLocktime')} > ${t} THEN 'lockedStakeable'`,
    `ELSE 'unlockedUnstaked' END`,
  ].join(' ');
}
