import { createDatabase } from '../../prisma/database';
import { startService } from '../shared/startService';
import { listSubnetsSql } from './listSubnetsSql';

/**
 * Proves the pg baseline runs the service's SQL: serves the data once more, from a second
 * connection pool that reports every statement Prisma sends, and compares one request per page
 * size with {@link listSubnetsSql}. The measured service has no such hook (it costs a proxy call
 * per statement).
 *
 * @param options the bench's database, schema, page-token secret and page sizes
 * @throws {Error} naming the first statement that differs, or a different statement count
 * @example await assertSameSql({ databaseUrl, schema, pageTokenSecret, pageSizes: [10, 100] })
 */
export async function assertSameSql(options: {
  databaseUrl: string;
  schema: string;
  pageTokenSecret: string;
  pageSizes: readonly number[];
}): Promise<void> {
  const statements: string[] = [];
  const db = await createDatabase({
    databaseUrl: options.databaseUrl,
    schema: options.schema,
    migrate: false,
    onQuery: (sql) => statements.push(sql),
  });
  try {
    const service = await startService(db, options.pageTokenSecret, () => {});
    try {
      const sql = listSubnetsSql(options.schema);
      for (const pageSize of options.pageSizes) {
        statements.length = 0;
        const response = await fetch(`${service.baseUrl}/v1/networks/mainnet/subnets?pageSize=${pageSize}`);
        await response.arrayBuffer();
        const expected = [sql.subnetPage, sql.blockchainsOf(pageSize)];
        if (statements.length !== expected.length) {
          throw new Error(
            `pageSize=${pageSize}: the service sent ${statements.length} statements, the pg baseline runs ${expected.length}`,
          );
        }
        statements.forEach((statement, i) => {
          if (statement !== expected[i]) {
            throw new Error(
              `pageSize=${pageSize}: statement ${i + 1} differs; update bench/list-subnets/listSubnetsSql.ts\n` +
                `  service:  ${statement}\n  baseline: ${expected[i]}`,
            );
          }
        });
      }
    } finally {
      await service.close();
    }
  } finally {
    await db.close();
  }
}
