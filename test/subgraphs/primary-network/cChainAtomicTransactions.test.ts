// The C-Chain's atomic transactions on the demo data set: listLatestPrimaryNetworkTransactions and
// getTxByHash with blockchainId c-chain, in the official CChainImportTransaction /
// CChainExportTransaction shapes, lists checked against the rows by brute force, and the UTXOs of
// the C-Chain's shared memory as its imports consume them.
import { asText } from '../../../prisma/hexBytes';
import { DEMO_NOW } from '../../../demo-data';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { officialResponseErrors } from '../../support/officialSchemas';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const C = '/v1/networks/mainnet/blockchains/c-chain';
const C_CHAIN_ID = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

/** Every page of a list, following nextPageToken. */
async function allPages(path: string): Promise<any[]> {
  const items: any[] = [];
  let token: string | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const { status, body } = await service.request(
      `${path}${token ? `${sep}pageToken=${encodeURIComponent(token)}` : ''}`,
    );
    expect(status).toBe(200);
    expect(officialResponseErrors('listLatestPrimaryNetworkTransactions', 200, body)).toEqual([]);
    items.push(...body.transactions);
    token = body.nextPageToken;
  } while (token);
  return items;
}

/** The C-Chain's stored atomic transactions, newest first. */
const stored = () =>
  db.query<{ tx_hash: string; tx_type: string; block_number: string }>(
    `SELECT tx_hash, tx_type, block_number::text FROM primary_network_transaction WHERE network = 'mainnet' AND blockchain_id = $1
      ORDER BY block_timestamp DESC, tx_hash DESC`,
    [C_CHAIN_ID],
  );

describe('listLatestPrimaryNetworkTransactions', () => {
  it("lists the C-Chain's atomic transactions newest first, each in its official shape", async () => {
    const listed = await allPages(`${C}/transactions?pageSize=100`);
    const rows = await stored();
    expect(rows.length).toBeGreaterThan(0);
    expect(listed.map((t) => t.txHash)).toEqual(rows.map((r) => r.tx_hash));
    expect(new Set(listed.map((t) => t.txType))).toEqual(new Set(['ImportTx', 'ExportTx']));
    const [block] = await db.query<{ hash: string }>(
      'SELECT hash FROM evm_block WHERE chain_id = 43114 AND number = $1',
      [rows[0]!.block_number],
    );
    expect(listed[0]).toMatchObject({ blockHeight: Number(rows[0]!.block_number), blockHash: block!.hash, memo: '0x' });
  });

  it('an ImportTx consumes UTXOs of the C-Chain shared memory and credits accounts; an ExportTx debits accounts into another chain', async () => {
    const listed = await allPages(`${C}/transactions?pageSize=100`);
    const imported = listed.find((t) => t.txType === 'ImportTx');
    expect(imported.destinationChain).toBe(C_CHAIN_ID);
    expect(imported.consumedUtxos.length).toBeGreaterThan(0);
    for (const u of imported.consumedUtxos)
      expect(u).toMatchObject({ consumedOnChainId: C_CHAIN_ID, consumingTxHash: imported.txHash });
    expect(imported.evmOutputs[0].toAddress).toMatch(/^0x[0-9a-f]{40}$/);
    const exported = listed.find((t) => t.txType === 'ExportTx');
    expect(exported.sourceChain).toBe(C_CHAIN_ID);
    expect(exported.emittedUtxos[0]).toMatchObject({ createdOnChainId: C_CHAIN_ID, creationTxHash: exported.txHash });
    expect(exported.evmInputs[0]).toMatchObject({ credentials: [] });
    // Inputs less outputs is the fee.
    expect(BigInt(exported.amountUnlocked[0].amount) - BigInt(exported.amountCreated[0].amount)).toBeGreaterThan(0n);
  });

  it("lists an address's atomic transactions: bech32 owners of their UTXOs, or the 0x accounts they credit or debit", async () => {
    const [tx] = await allPages(`${C}/transactions?pageSize=1`);
    const account = tx.txType === 'ImportTx' ? tx.evmOutputs[0].toAddress : tx.evmInputs[0].fromAddress;
    const utxo = tx.txType === 'ImportTx' ? tx.consumedUtxos[0] : tx.emittedUtxos[0];
    for (const address of [account.toUpperCase().replace('0X', '0x'), `C-${utxo.addresses[0]}`]) {
      const listed = await allPages(`${C}/transactions?addresses=${address}&pageSize=10`);
      expect(listed.map((t) => t.txHash)).toContain(tx.txHash);
      const expected = await db.query<{ tx_hash: string }>(
        `SELECT tx_hash FROM primary_network_transaction_address WHERE network = 'mainnet' AND blockchain_id = $1 AND address = $2
          ORDER BY block_timestamp DESC, tx_hash DESC`,
        [C_CHAIN_ID, asText(address.replace(/^C-/, '').toLowerCase())],
      );
      expect(listed.map((t) => t.txHash)).toEqual(expected.map((r) => r.tx_hash));
    }
  });

  it('error: 0x addresses on the P- or X-Chain, and malformed addresses, are a 400', async () => {
    const evm = await service.request(
      `/v1/networks/mainnet/blockchains/p-chain/transactions?addresses=0x${'ab'.repeat(20)}`,
    );
    expect(evm.status).toBe(400);
    expect(evm.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(evm.body.message).toMatch(/C-Chain accounts/);
    const bad = await service.request(`${C}/transactions?addresses=0x1234`);
    expect(bad.status).toBe(400);
  });
});

describe('getTxByHash', () => {
  it('answers an import and an export of the C-Chain in their official shapes', async () => {
    const rows = await stored();
    for (const type of ['ImportTx', 'ExportTx']) {
      const row = rows.find((r) => r.tx_type === type)!;
      const { status, body } = await service.request(`${C}/transactions/${row.tx_hash}`);
      expect(status).toBe(200);
      expect(officialResponseErrors('getTxByHash', 200, body)).toEqual([]);
      expect(body).toMatchObject({ txHash: row.tx_hash, txType: type, blockHeight: Number(row.block_number) });
    }
  });

  it('is a 404 for a C-Chain atomic transaction asked of the P-Chain', async () => {
    const [row] = await stored();
    const { status } = await service.request(`/v1/networks/mainnet/blockchains/p-chain/transactions/${row!.tx_hash}`);
    expect(status).toBe(404);
  });
});

describe('listUtxos', () => {
  it("a UTXO the C-Chain imported is spent on the C-Chain by the import; one it exported sits in the destination's shared memory", async () => {
    const listed = await allPages(`${C}/transactions?pageSize=100`);
    const imported = listed.find((t) => t.txType === 'ImportTx');
    const owner = imported.consumedUtxos[0].addresses[0];
    const { body } = await service.request(`${C}/utxos?addresses=${owner}&includeSpent=true&pageSize=100`);
    const spent = body.utxos.find((u: any) => u.utxoId === imported.consumedUtxos[0].utxoId);
    expect(spent).toMatchObject({ consumingTxHash: imported.txHash, consumedOnChainId: C_CHAIN_ID });
    const exported = listed.find((t) => t.txType === 'ExportTx');
    const destination = exported.destinationChain === C_CHAIN_ID ? null : exported.destinationChain;
    const chain = destination === '11111111111111111111111111111111LpoYY' ? 'p-chain' : 'x-chain';
    const out = exported.emittedUtxos[0];
    const { body: there } = await service.request(
      `/v1/networks/mainnet/blockchains/${chain}/utxos?addresses=${out.addresses[0]}&includeSpent=true&pageSize=100`,
    );
    expect(there.utxos.map((u: any) => u.utxoId)).toContain(out.utxoId);
  });
});
