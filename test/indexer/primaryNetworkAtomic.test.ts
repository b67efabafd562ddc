// Atomic transfers whatever order the chains are indexed in: the X-Chain may import a P-Chain
// export before the P-Chain follower has written it (each chain has its own follower and cursor).
// The import then stores the UTXO as far as its input tells, consumed; the export completes it.
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { setupTestDatabase, teardown } from '../setup/database';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import { ADDRESS, AVAX, P_CHAIN_ID, T0, X_CHAIN_ID, tx6, xtx1 } from '../fixtures/avalanchego/fujiChains';
import { indexOnce } from './support/indexOnce';

let node: FakeAvalanchego;
let xFirst: Database;
let pFirst: Database;
let interleaved: Database;

const run = (db: Database, chains: string[]) =>
  indexOnce(
    db,
    parseIndexerConfig(
      JSON.stringify({ primaryNetwork: [{ network: 'fuji', nodeUrl: node.url, chains, validatorRefreshMs: 0 }] }),
    ),
  );
const utxoTables = async (db: Database) => ({
  utxo: (await db.query<{ row: string }>('SELECT to_jsonb(t)::text AS row FROM utxo t ORDER BY 1')).map((r) => r.row),
  utxoAddress: (await db.query<{ row: string }>('SELECT to_jsonb(t)::text AS row FROM utxo_address t ORDER BY 1')).map(
    (r) => r.row,
  ),
});

/**
 * The database as the X-Chain follower sees it when the P-Chain follower (its own process or
 * loop) commits the whole P-Chain between the import's read of the UTXO and the import's write.
 */
function exportCommittedAfterFirstUtxoRead(db: Database): Database {
  let exported = false;
  return {
    ...db,
    async query<T>(sql: string, params?: unknown[]): Promise<T[]> {
      const rows = await db.query<T>(sql, params);
      if (!exported && /FROM utxo (u )?WHERE/.test(sql)) {
        exported = true;
        await run(db, ['P']);
      }
      return rows;
    },
  };
}

beforeAll(async () => {
  [node, xFirst, pFirst, interleaved] = await Promise.all([
    startFakeAvalanchego({ P: 6, X: 1 }),
    setupTestDatabase(),
    setupTestDatabase(),
    setupTestDatabase(),
  ]);
  await run(xFirst, ['X']);
  await run(xFirst, ['P']);
  await run(pFirst, ['P']);
  await run(pFirst, ['X']);
  await run(exportCommittedAfterFirstUtxoRead(interleaved), ['X']);
}, 120_000);

afterAll(async () => {
  await node?.close();
  await teardown(xFirst);
  await teardown(pFirst);
  await teardown(interleaved);
});

describe('an export imported before it is indexed', () => {
  test('the exported UTXO ends complete: created by the export at P-Chain height 3, owned by C, consumed by the X-Chain import', async () => {
    const [row] = await xFirst.query<Record<string, unknown>>(
      `SELECT blockchain_id, created_on_chain_id, shared_with_chain_id, amount::text AS amount, threshold, block_number, block_timestamp, consumed_on_chain_id, consuming_tx_hash, consuming_block_timestamp
       FROM utxo WHERE tx_hash = $1 AND output_index = 1`,
      [tx6.id],
    );
    expect(row).toEqual({
      blockchain_id: X_CHAIN_ID,
      created_on_chain_id: P_CHAIN_ID,
      shared_with_chain_id: P_CHAIN_ID,
      amount: (100n * AVAX).toString(),
      threshold: 1,
      block_number: 3n,
      block_timestamp: T0 + 300n,
      consumed_on_chain_id: X_CHAIN_ID,
      consuming_tx_hash: xtx1.id,
      consuming_block_timestamp: T0 + 350n,
    });
    const owners = await xFirst.query<{ address: string }>(
      'SELECT address FROM utxo_address a JOIN utxo u USING (network, utxo_id) WHERE u.tx_hash = $1 AND u.output_index = 1',
      [tx6.id],
    );
    expect(owners.map((o) => o.address)).toEqual([ADDRESS.C]);
  });

  test('the UTXO tables equal those of indexing the P-Chain first', async () => {
    expect(await utxoTables(xFirst)).toEqual(await utxoTables(pFirst));
  });
});

describe('an export committed between the import’s read and its write', () => {
  test('the import’s consumption still lands: the UTXO tables equal those of indexing the P-Chain first', async () => {
    const [row] = await interleaved.query<{ consuming_tx_hash: string | null }>(
      'SELECT consuming_tx_hash FROM utxo WHERE tx_hash = $1 AND output_index = 1',
      [tx6.id],
    );
    expect(row).toEqual({ consuming_tx_hash: xtx1.id });
    expect(await utxoTables(interleaved)).toEqual(await utxoTables(pFirst));
  });
});
