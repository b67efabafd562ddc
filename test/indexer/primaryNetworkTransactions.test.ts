// The primary-network transaction lists against the fake avalanchego node's history
// (test/fixtures/avalanchego/fujiChains.ts): an address's transactions are the history's
// transactions whose UTXOs it owns (worked out by hand from the fixture's header), an L1
// validation's transactions are the history's transactions that act on it, and a transaction's
// consumed and emitted UTXOs are the ones the fixture built.
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { utxoIdOf } from '../../avalanche/tx-codec/utxoIdOf';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import {
  ADDRESS,
  L1_REGISTERED_VALIDATION_ID,
  L1_VALIDATION_ID,
  P_BLOCKS,
  T0,
  X_BLOCKS,
  rewardTx,
  tx1,
  tx10,
  tx11,
  tx12,
  tx13,
  tx2,
  tx3,
  tx4,
  tx5,
  tx6,
  tx8,
  tx9,
  xtx1,
  xtx2,
  xv1,
  xv2,
  X_VERTICES,
} from '../fixtures/avalanchego/fujiChains';
import { backfillL1ValidationLinks } from '../../indexer/primary-network/backfillL1ValidationLinks';
import { createSettings } from '../../prisma/settings';
import { indexOnce } from './support/indexOnce';

let node: FakeAvalanchego;
let db: Database;
let service: TestService | undefined;

beforeAll(async () => {
  [node, db] = await Promise.all([
    startFakeAvalanchego({ P: P_BLOCKS.length - 1, X: X_BLOCKS.length - 1 }),
    setupTestDatabase(),
  ]);
  const config = parseIndexerConfig(
    JSON.stringify({
      primaryNetwork: [
        { network: 'fuji', nodeUrl: node.url, pollIntervalMs: 20, validatorRefreshMs: 1, xChainVertices: true },
      ],
    }),
  );
  await indexOnce(db, config, []);
  service = await startTestService(db, { clock: () => Number(T0 + 450n) });
}, 300_000);

afterAll(async () => {
  await service?.close();
  await node?.close();
  await teardown(db);
});

const list = async (chain: string, address: string) => {
  const response = await service!.request(
    `/v1/networks/fuji/blockchains/${chain}/transactions?addresses=${address}&pageSize=100&sortOrder=asc`,
  );
  expect({ status: response.status, body: response.status === 200 ? null : response.body }).toEqual({
    status: 200,
    body: null,
  });
  return response.body.transactions.map((t: { txHash: string }) => t.txHash);
};

/** The L1 validations' removals refund their remaining balance to A when any is left (an output of the removing transaction). */
async function refundsToA(): Promise<string[]> {
  const rows = await db.query<{ tx_hash: string }>(
    `SELECT DISTINCT tx_hash FROM utxo WHERE network = 'fuji' AND tx_hash = ANY ($1::text[])`,
    [[tx12.id, tx13.id]],
  );
  return [tx12.id, tx13.id].filter((id) => rows.some((r) => r.tx_hash === id));
}

describe("an address's transactions equal the history's transactions that touch it", () => {
  // From the fixture's header: who owns each output a transaction spends or creates.
  it('A on the P-Chain: its outputs and their spends, then the refunds of the L1 balances', async () => {
    expect(await list('p-chain', ADDRESS.A)).toEqual([
      tx1.id,
      ...[tx2.id, tx3.id].sort(),
      tx5.id,
      tx6.id,
      ...[tx8.id, tx9.id].sort(),
      ...(await refundsToA()),
    ]);
  });

  it('B on the P-Chain: tx1 outputs, its delegation, and the reward paid by the RewardValidatorTx', async () => {
    expect(await list('p-chain', ADDRESS.B)).toEqual([tx1.id, tx4.id, rewardTx.id]);
  });

  it("C on the P-Chain: tx6's export to C and its own delegation", async () => {
    expect(await list('p-chain', ADDRESS.C)).toEqual([tx6.id, tx10.id]);
  });

  it('on the X-Chain, vertices then blocks: A mints TT and pays B; C imports and spends, A receives', async () => {
    expect(await list('x-chain', ADDRESS.A)).toEqual([xv1.id, xv2.id, xtx2.id]);
    expect(await list('x-chain', ADDRESS.B)).toEqual([xv2.id]);
    expect(await list('x-chain', ADDRESS.C)).toEqual([xtx1.id, xtx2.id]);
  });
});

describe("an L1 validation's transactions equal the history's transactions that act on it", () => {
  // From the fixture's header: tx8 converts tx3's subnet with N2 as validator 0 (L1_VALIDATION_ID),
  // tx9 raises that validation's balance, tx12 sets its weight to 0; tx11 registers N3
  // (L1_REGISTERED_VALIDATION_ID), tx13 disables it. tx8 and tx9 share a block (then by hash).
  const N2_HISTORY = [...[tx8.id, tx9.id].sort(), tx12.id];
  const N3_HISTORY = [tx11.id, tx13.id];
  const P = '/v1/networks/fuji/blockchains/p-chain/transactions';

  /** Every page of a list, following nextPageToken. */
  const allPages = async (query: string) => {
    const hashes: string[] = [];
    let token: string | undefined;
    do {
      const response = await service!.request(`${P}?${query}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      expect({ status: response.status, body: response.status === 200 ? null : response.body }).toEqual({
        status: 200,
        body: null,
      });
      hashes.push(...response.body.transactions.map((t: { txHash: string }) => t.txHash));
      token = response.body.nextPageToken;
    } while (token);
    return hashes;
  };

  it("the converted validator's: its ConvertSubnetToL1Tx, IncreaseL1ValidatorBalanceTx and SetL1ValidatorWeightTx", async () => {
    expect(await allPages(`l1ValidationId=${L1_VALIDATION_ID}&sortOrder=asc`)).toEqual(N2_HISTORY);
  });

  it("the registered validator's: its RegisterL1ValidatorTx and DisableL1ValidatorTx", async () => {
    expect(await allPages(`l1ValidationId=${L1_REGISTERED_VALIDATION_ID}&sortOrder=asc`)).toEqual(N3_HISTORY);
  });

  it('newest first by default, one per page', async () => {
    expect(await allPages(`l1ValidationId=${L1_VALIDATION_ID}&pageSize=1`)).toEqual([...N2_HISTORY].reverse());
  });

  it('txTypes and the time range narrow the list', async () => {
    expect(await allPages(`l1ValidationId=${L1_VALIDATION_ID}&txTypes=IncreaseL1ValidatorBalanceTx`)).toEqual([tx9.id]);
    // tx8 and tx9 are at T0+400, tx12 at the block of h7 (later).
    expect(await allPages(`l1ValidationId=${L1_VALIDATION_ID}&endTimestamp=${T0 + 400n}&sortOrder=asc`)).toEqual(
      [tx8.id, tx9.id].sort(),
    );
    expect(await allPages(`l1ValidationId=${L1_VALIDATION_ID}&startTimestamp=${T0 + 401n}`)).toEqual([tx12.id]);
  });

  it('a validation no transaction acts on lists none', async () => {
    expect(await allPages(`l1ValidationId=${tx1.id}`)).toEqual([]);
  });

  it('a database indexed before the links gets the same links from the stored bytes at start', async () => {
    const links = () =>
      db.query<{ validation_id: string; tx_hash: string; block_timestamp: bigint }>(
        'SELECT validation_id, tx_hash, block_timestamp FROM primary_network_transaction_validation ORDER BY 1, 2',
      );
    const indexed = await links();
    expect(indexed.length).toBe(N2_HISTORY.length + N3_HISTORY.length);
    await db.query('DELETE FROM primary_network_transaction_validation');
    // What the migration leaves on a database holding L1 validator transactions.
    await createSettings(db).set('l1ValidationLinksBackfill', { after: null });
    const lines: string[] = [];
    expect(await backfillL1ValidationLinks(db, { batchSize: 2, log: (line) => lines.push(line) })).toBe(indexed.length);
    expect(await links()).toEqual(indexed);
    expect(await createSettings(db).get('l1ValidationLinksBackfill')).toBeNull();
    // Done once: a later start finds no marker and does nothing.
    expect(await backfillL1ValidationLinks(db)).toBe(0);
    expect(lines).toHaveLength(2);
  });
});

describe("a transaction's consumed and emitted UTXOs are the fixture's", () => {
  const utxosOf = async (chain: string, txHash: string) => {
    const response = await service!.request(`/v1/networks/fuji/blockchains/${chain}/transactions/${txHash}`);
    expect({ status: response.status, body: response.status === 200 ? null : response.body }).toEqual({
      status: 200,
      body: null,
    });
    const ids = (list: { utxoId: string }[]) => list.map((u) => u.utxoId).sort();
    return {
      consumed: ids(response.body.consumedUtxos),
      emitted: ids(response.body.emittedUtxos),
      body: response.body,
    };
  };

  it('tx2 spends tx1#0 and emits its change and its stake', async () => {
    const { consumed, emitted, body } = await utxosOf('p-chain', tx2.id);
    expect(consumed).toEqual([utxoIdOf(tx1.id, 0)]);
    expect(emitted).toEqual([utxoIdOf(tx2.id, 0), utxoIdOf(tx2.id, 1)].sort());
    expect(body.amountStaked[0].amount).toBe('600000000000');
    expect(body.amountBurned[0].amount).toBe(String(1000_000_000_000n - 399_990_000_000n - 600_000_000_000n));
  });

  it('the RewardValidatorTx emits the reward UTXO tx4#2', async () => {
    const { consumed, emitted, body } = await utxosOf('p-chain', rewardTx.id);
    expect(consumed).toEqual([]);
    expect(emitted).toEqual([utxoIdOf(tx4.id, 2)]);
    expect(body.stakingTxHash).toBe(tx4.id);
  });

  it('the X-Chain import consumes the exported tx6#1 and emits xtx1#0', async () => {
    const { consumed, emitted, body } = await utxosOf('x-chain', xtx1.id);
    expect(consumed).toEqual([utxoIdOf(tx6.id, 1)]);
    expect(emitted).toEqual([utxoIdOf(xtx1.id, 0)]);
    expect(body).toMatchObject({
      chainFormat: 'linear',
      txType: 'ImportTx',
      sourceChain: '11111111111111111111111111111111LpoYY',
    });
  });

  it('a DAG-era transaction is non-linear, with its vertex; it spends xv1#0', async () => {
    const { consumed, emitted, body } = await utxosOf('x-chain', xv2.id);
    expect(consumed).toEqual([utxoIdOf(xv1.id, 0)]);
    expect(emitted).toEqual([utxoIdOf(xv2.id, 0), utxoIdOf(xv2.id, 1)].sort());
    expect(body).toMatchObject({ chainFormat: 'non-linear', txType: 'BaseTx' });
    expect(body.vertices.map((v: { hash: string }) => v.hash)).toEqual([X_VERTICES[1]!.id]);
  });
});
