import { randomBytes } from 'node:crypto';
import { createDatabase, type Database } from '../../prisma/database';
import { isDatabaseEmpty } from '../../prisma/dataTables';
import { createSettings } from '../../prisma/settings';
import { seedDemoData } from '../../demo-data';

/** The bench's database and what it holds. */
export type EvmDataSet = {
  db: Database;
  schema: string;
  /** Rows of the EVM tables the measured endpoints read. */
  counts: Record<'transactions' | 'transfers' | 'internals' | 'blocks', number>;
  /** Seconds spent seeding (0 when an existing schema was reused). */
  seedSeconds: number;
  /** Scale of the demo data the schema holds (its marker), or undefined for other data. */
  scale?: number;
  /** Drops a throw-away schema, or only closes a kept one. */
  release(): Promise<void>;
};

/**
 * The data set of the EVM bench: the demo data set (deterministic, realistic traffic, prices,
 * NFTs, Teleporter messages) at `scale`, in PostgreSQL. A named schema is seeded once and kept,
 * so later runs skip the minutes of seeding; otherwise a throw-away `bench_<random>` schema is
 * seeded and dropped at the end.
 *
 * @param options PostgreSQL, scale, schema to keep (optional), progress lines
 * @returns the database and its row counts
 * @example const data = await prepareEvmDataSet({ databaseUrl, scale: 15, log: console.error })
 */
export async function prepareEvmDataSet(options: {
  databaseUrl: string;
  scale: number;
  schema?: string;
  log: (line: string) => void;
}): Promise<EvmDataSet> {
  const schema = options.schema ?? `bench_${randomBytes(6).toString('hex')}`;
  const db = await createDatabase({ databaseUrl: options.databaseUrl, schema });
  const release = options.schema
    ? () => db.close()
    : async () => {
        try {
          await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await db.close();
        }
      };
  try {
    let seedSeconds = 0;
    if (await isDatabaseEmpty(db)) {
      options.log(
        `schema ${schema}: seeding the demo data set at scale ${options.scale} (about ${Math.round(options.scale * 68)}k EVM transactions)`,
      );
      const started = Date.now();
      await seedDemoData(db, { scale: options.scale, log: (line) => options.log(`  ${line}`) });
      await db.query('ANALYZE');
      seedSeconds = (Date.now() - started) / 1000;
    } else {
      options.log(`schema ${schema}: reusing its data`);
    }
    const count = async (table: string) =>
      Number((await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    const counts = {
      transactions: await count('evm_transaction'),
      transfers: await count('evm_token_transfer'),
      internals: await count('evm_internal_transaction'),
      blocks: await count('evm_block'),
    };
    const scale = (await createSettings(db).get('demoData'))?.scale;
    return { db, schema, counts, seedSeconds, scale, release };
  } catch (error) {
    await release();
    throw error;
  }
}
