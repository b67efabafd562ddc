import { Prisma } from '../generated/client';
import type { Database } from '../database';
import type { ReadOptions } from './preparedReads';

/**
 * A `Prisma.sql` statement through `Database.read`: the rows `prisma.$queryRaw(sql)` returns, typed
 * alike (int8 bigint, numeric Prisma.Decimal), without Prisma's client, whose handling of a
 * statement and its rows costs more than the statement itself on the list endpoints. Decimal
 * parameters go as their exact text, as Prisma sends them.
 * @param read the database's `read`
 * @param sql the statement, its values as parameters `$1`, `$2`, ...
 * @param options `KEEP_PLAN` for a statement whose generic plan serves any values (preparedReads.ts)
 * @returns its rows
 * @example await readSql<ValidatorListRow>(context.read, listValidatorsSql(filter, now, keyset))
 */
export function readSql<T>(read: Database['read'], sql: Prisma.Sql, options?: ReadOptions): Promise<T[]> {
  return read<T>(
    sql.text,
    sql.values.map((value) => (value instanceof Prisma.Decimal ? value.toFixed() : value)),
    options,
  );
}
