// ICM messages through the EVM indexer's write path (completeBlocks, writeBlocks) on two chains, in
// the order a real index meets them: a delivery before its send is indexed, a batch with sends and
// a receipt, a failed execution retried in a later block; then reorgs of either chain undo just
// that chain's side. Logs are encoded with viem from the messenger's ABI; rows are read back by SQL.
import { rewindEvmChain } from '../../indexer/evm/follow/rewindEvmChain';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import {
  A,
  address,
  B,
  blockHash,
  fee,
  indexTeleporterBlocks,
  logsOf,
  message,
  registerTeleporterChains,
  teleporterBlock as block,
  time,
  tx,
} from '../support/teleporterChains';

let db: Database;
const M1 = message(1n, 0x111);
const M2 = message(2n, 0x222);
const index = (chain: typeof A, blocks: Parameters<typeof indexTeleporterBlocks>[2]) =>
  indexTeleporterBlocks(db, chain, blocks);

type Row = Record<string, unknown>;
async function stored(): Promise<Record<string, Row>> {
  const rows = await db.query<Row & { teleporter_message_id: string }>(
    `SELECT teleporter_message_id, source_tx_hash, destination_tx_hash, timestamp::text, network::text, message_nonce::text,
            source_block_number::text, fee_token_address, fee_amount::text, source_gas_used::text,
            destination_block_number::text, deliverer_address, reward_redeemer, destination_gas_used::text,
            execution_tx_hash, execution_failed, receipt_tx_hash
       FROM teleporter_message ORDER BY teleporter_message_id`,
  );
  return Object.fromEntries(rows.map(({ teleporter_message_id, ...row }) => [teleporter_message_id, row]));
}

const sourceSide = (n: number, txHash: string) => ({
  source_tx_hash: txHash,
  source_block_number: String(n),
  fee_token_address: fee.token,
  fee_amount: '7',
  source_gas_used: String(100_000 + n),
});
const noSource = {
  source_tx_hash: '0x',
  source_block_number: null,
  fee_token_address: null,
  fee_amount: null,
  source_gas_used: null,
};
const deliverySide = (n: number, txHash: string) => ({
  destination_tx_hash: txHash,
  destination_block_number: String(n),
  deliverer_address: address(0x4e1),
  reward_redeemer: address(0x4ed),
  destination_gas_used: String(100_000 + n),
});
const noDelivery = {
  destination_tx_hash: null,
  destination_block_number: null,
  deliverer_address: null,
  reward_redeemer: null,
  destination_gas_used: null,
  execution_tx_hash: null,
  execution_failed: false,
};

beforeAll(async () => {
  db = await setupTestDatabase();
  await registerTeleporterChains(db, [A, B]);
}, 600_000);
afterAll(() => teardown(db));

describe('the write path joins a message across its chains', () => {
  test('a delivery indexed before its send: delivered_source_not_indexed, ordered by the delivery', async () => {
    const m1 = logsOf(M1);
    await index(B, [
      block(B, 5, [[m1.receive(tx(B.chainId, 5), address(0x4e1), address(0x4ed)), m1.executed(tx(B.chainId, 5))]]),
    ]);
    expect(await stored()).toEqual({
      [M1.id]: {
        ...noSource,
        ...deliverySide(5, tx(B.chainId, 5)),
        timestamp: String(time(5)),
        network: 'mainnet',
        message_nonce: '1',
        execution_tx_hash: tx(B.chainId, 5),
        execution_failed: false,
        receipt_tx_hash: null,
      },
    });
  });

  test('a batch of the source chain: its sends fill the source side (the delivery stays), a receipt in a later block of the batch is kept', async () => {
    const [m1, m2] = [logsOf(M1), logsOf(M2)];
    await index(A, [
      block(A, 3, [[m1.send(tx(A.chainId, 3), fee)]]),
      block(A, 4, [[m2.send(tx(A.chainId, 4), fee)]]),
      block(A, 6, [[m1.receipt(tx(A.chainId, 6), address(0x4ed), fee)]]),
    ]);
    const rows = await stored();
    expect(rows[M1.id]).toEqual({
      ...sourceSide(3, tx(A.chainId, 3)),
      ...deliverySide(5, tx(B.chainId, 5)),
      timestamp: String(time(3)),
      network: 'mainnet',
      message_nonce: '1',
      execution_tx_hash: tx(B.chainId, 5),
      execution_failed: false,
      receipt_tx_hash: tx(A.chainId, 6),
    });
    expect(rows[M2.id]).toEqual({
      ...sourceSide(4, tx(A.chainId, 4)),
      ...noDelivery,
      timestamp: String(time(4)),
      network: 'mainnet',
      message_nonce: '2',
      receipt_tx_hash: null,
    });
  });

  test('a failed execution, retried successfully in a later block of the same batch', async () => {
    const m2 = logsOf(M2);
    await index(B, [
      block(B, 7, [
        [m2.executionFailed(tx(B.chainId, 7)), m2.receive(tx(B.chainId, 7), address(0x4e1), address(0x4ed))],
      ]),
      block(B, 8, [[m2.executed(tx(B.chainId, 8))]]),
    ]);
    expect((await stored())[M2.id]).toMatchObject({
      ...sourceSide(4, tx(A.chainId, 4)),
      ...deliverySide(7, tx(B.chainId, 7)),
      execution_tx_hash: tx(B.chainId, 8),
      execution_failed: false,
    });
  });
});

describe('reorgs undo one chain’s side', () => {
  test('the retry goes, then the delivery: the message is pending again', async () => {
    await rewindEvmChain(db, B.chainId, {
      chainKey: `evm:${B.chainId}`,
      height: 7n,
      blockHash: blockHash(B.chainId, 7),
    });
    expect((await stored())[M2.id]).toMatchObject({ ...deliverySide(7, tx(B.chainId, 7)), execution_tx_hash: null });
    await rewindEvmChain(db, B.chainId, {
      chainKey: `evm:${B.chainId}`,
      height: 6n,
      blockHash: blockHash(B.chainId, 6),
    });
    const rows = await stored();
    expect(rows[M2.id]).toMatchObject({ ...sourceSide(4, tx(A.chainId, 4)), ...noDelivery });
    expect(rows[M1.id]).toMatchObject(deliverySide(5, tx(B.chainId, 5)));
  });

  test('the source chain’s: an undelivered send goes, a receipt is unset, a delivered message keeps its delivery without its source', async () => {
    await rewindEvmChain(db, A.chainId, {
      chainKey: `evm:${A.chainId}`,
      height: 3n,
      blockHash: blockHash(A.chainId, 3),
    });
    let rows = await stored();
    expect(Object.keys(rows)).toEqual([M1.id]);
    expect(rows[M1.id]).toMatchObject({ ...sourceSide(3, tx(A.chainId, 3)), receipt_tx_hash: null });
    await rewindEvmChain(db, A.chainId, {
      chainKey: `evm:${A.chainId}`,
      height: 2n,
      blockHash: blockHash(A.chainId, 2),
    });
    rows = await stored();
    expect(rows[M1.id]).toMatchObject({
      ...noSource,
      ...deliverySide(5, tx(B.chainId, 5)),
      timestamp: String(time(5)),
    });
    await rewindEvmChain(db, B.chainId, {
      chainKey: `evm:${B.chainId}`,
      height: 4n,
      blockHash: blockHash(B.chainId, 4),
    });
    expect(await stored()).toEqual({});
  });
});
