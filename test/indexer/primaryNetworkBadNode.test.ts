// A misbehaving avalanchego: a block with a wrong checksum, a request never answered, a node whose
// chain does not continue the indexed one, a node without the index API. The indexer retries what
// may succeed, stops on what cannot, and never writes part of a block.
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { readCheckedHex } from '../../indexer/primary-network/codec/readCheckedHex';
import { MalformedAnswerError } from '../../shared/jsonRpc/rpcErrors';
import { setupTestDatabase, teardown } from '../setup/database';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import { P_BLOCKS } from '../fixtures/avalanchego/fujiChains';
import { indexOnce } from './support/indexOnce';

// Long enough that a busy machine still answers in time; the unanswered request waits it out once.
const RPC_TIMEOUT_MS = 3000;
let node: FakeAvalanchego;
let db: Database;
const config = (extra: Record<string, unknown> = {}) =>
  parseIndexerConfig(
    JSON.stringify({
      primaryNetwork: [
        {
          network: 'fuji',
          nodeUrl: node.url,
          chains: ['P'],
          validatorRefreshMs: 0,
          rpcTimeoutMs: RPC_TIMEOUT_MS,
          ...extra,
        },
      ],
    }),
  );

beforeAll(async () => {
  [node, db] = await Promise.all([startFakeAvalanchego({ P: 3, X: 0 }), setupTestDatabase()]);
}, 60_000);

afterAll(async () => {
  await node?.close();
  await teardown(db);
});

describe('readCheckedHex()', () => {
  test('the bytes before the checksum: the last 4 bytes of SHA-256(0x0102) are 23f63222', () => {
    expect(readCheckedHex('m', 'block', '0x010223f63222')).toEqual(Uint8Array.from([1, 2]));
  });

  test('error: a checksum that is not the last 4 bytes of the SHA-256 is a MalformedAnswerError', () => {
    // 0x0102 with the checksum of 0x0103
    expect(() => readCheckedHex('platform.getBlockByHeight', 'block', '0x0102fbb04b99')).toThrow(MalformedAnswerError);
    expect(() => readCheckedHex('m', 'block', '0x0102')).toThrow('block is shorter than its checksum');
    expect(() => readCheckedHex('m', 'block', '0102aabbccdd')).toThrow('block is not 0x-prefixed hex');
  });
});

describe('primary-network indexer against a bad node', () => {
  test('behavior: a corrupted block and an unanswered request are retried; every block is written once', async () => {
    node.corruptOnce.add('platform.getBlockByHeight:1');
    node.hangOnce.add('platform.getBlockByHeight:2');
    const lines: string[] = [];
    await indexOnce(db, config(), lines);
    expect(lines.some((l) => l.includes('checksum mismatch') && l.includes('retry 1'))).toBe(true);
    expect(lines.some((l) => l.includes(`no answer within ${RPC_TIMEOUT_MS} ms`) && l.includes('retry 1'))).toBe(true);
    const blocks = await db.query<{ block_hash: string }>(
      'SELECT block_hash FROM primary_network_block ORDER BY block_number',
    );
    expect(blocks.map((b) => b.block_hash)).toEqual(P_BLOCKS.slice(0, 4).map((b) => b.id));
  });

  test('error: a node whose next block does not name the indexed block as parent stops the chain, writing nothing', async () => {
    await db.query(`UPDATE sync_state SET block_hash = 'somethingElse' WHERE chain_key = 'p-chain:fuji'`);
    node.heads.P = 4;
    await expect(indexOnce(db, config())).rejects.toThrow(
      `p-chain:fuji: block 4 names parent ${P_BLOCKS[3]!.id}, but the indexed block 3 is somethingElse`,
    );
    const [{ count }] = await db.query<{ count: bigint }>('SELECT count(*) AS count FROM primary_network_block');
    expect(count).toBe(4n);
  });

  test('behavior: a node without the index API (HTTP 404) gives blocks without proposer details, said once', async () => {
    await db.query(`UPDATE sync_state SET block_hash = $1 WHERE chain_key = 'p-chain:fuji'`, [P_BLOCKS[3]!.id]);
    node.indexEnabled = false;
    node.heads.P = 6;
    const lines: string[] = [];
    await indexOnce(db, config(), lines);
    expect(lines.filter((l) => l.includes('without proposer details'))).toHaveLength(1);
    const rows = await db.query<{ block_number: bigint; proposer_id: string | null }>(
      'SELECT block_number, proposer_id FROM primary_network_block WHERE block_number >= 4 ORDER BY block_number',
    );
    expect(rows).toEqual([
      { block_number: 4n, proposer_id: null },
      { block_number: 5n, proposer_id: null },
      { block_number: 6n, proposer_id: null },
    ]);
  });
});
