// The primary-network transaction lists against the fake avalanchego node's history
// (test/fixtures/avalanchego/fujiChains.ts): an address's transactions are the history's
// transactions whose UTXOs it owns (worked out by hand from the fixture's header), and a
// transaction's consumed and emitted UTXOs are the ones the fixture built.
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { utxoIdOf } from '../../avalanche/tx-codec/utxoIdOf';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import {
  ADDRESS,
  P_BLOCKS,
  T0,
  X_BLOCKS,
  rewardTx,
  tx1,
  tx10,
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
