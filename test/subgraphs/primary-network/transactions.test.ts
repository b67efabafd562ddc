// The four Primary Network Transactions operations on the demo data set: the official document's
// rules, answers against its schemas, and lists checked against the rows by brute force.
import { utils } from '@avalabs/avalanchejs';
import { DEMO_NOW } from '../../../demo-data';
import { SHOWCASE_P_ADDRESS } from '../../../demo-data/accounts';
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

const P = '/v1/networks/mainnet/blockchains/p-chain';
const X = '/v1/networks/mainnet/blockchains/x-chain';
const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
/** The README's 4.2 example (rest-facade/routes.ts demo.registerL1ValidatorTx). */
const README_TX = '21ZvNc946yZ6yetGT4xBNS8SigdBqdiNPzpHwjNUFjDM148LQz';
/** The showcase P-Chain address (bech32, no chain prefix). */
const address = SHOWCASE_P_ADDRESS.mainnet;

/** Every page of a list, following nextPageToken. */
async function allPages(path: string, key = 'transactions'): Promise<any[]> {
  const items: any[] = [];
  let token: string | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const { status, body } = await service.request(
      `${path}${token ? `${sep}pageToken=${encodeURIComponent(token)}` : ''}`,
    );
    expect(status).toBe(200);
    items.push(...body[key]);
    token = body.nextPageToken;
  } while (token);
  return items;
}

/** Transactions touching an address, by brute force over UTXO owners (created by or consumed by). */
async function touchingByBruteForce(chainId: string, addr: string): Promise<string[]> {
  const rows = await db.query<{ tx_hash: string }>(
    `SELECT t.tx_hash FROM primary_network_transaction t WHERE t.network = 'mainnet' AND t.blockchain_id = $1 AND EXISTS (
       SELECT 1 FROM utxo u JOIN utxo_address a ON a.network = u.network AND a.utxo_id = u.utxo_id
       WHERE u.network = t.network AND a.address = $2 AND (u.consuming_tx_hash = t.tx_hash
         OR (u.reward_type IS NULL AND u.tx_hash = t.tx_hash)
         OR (u.reward_type IS NOT NULL AND t.tx_type = 'RewardValidatorTx' AND EXISTS (
           SELECT 1 FROM validator v WHERE v.network = t.network AND v.validation_id = u.tx_hash AND v.reward_tx_hash = t.tx_hash
           UNION ALL SELECT 1 FROM delegation d WHERE d.network = t.network AND d.tx_hash = u.tx_hash AND d.reward_tx_hash = t.tx_hash))))
     ORDER BY t.block_timestamp DESC, t.tx_hash DESC`,
    [chainId, addr],
  );
  return rows.map((r) => r.tx_hash);
}

describe('getTxByHash', () => {
  it("finds the README's RegisterL1ValidatorTx, in the official PChainTransaction shape", async () => {
    const { status, body } = await service.request(`${P}/transactions/${README_TX}`);
    expect(status).toBe(200);
    expect(officialResponseErrors('getTxByHash', 200, body)).toEqual([]);
    expect(body).toMatchObject({ txHash: README_TX, txType: 'RegisterL1ValidatorTx' });
    expect(body.l1ValidatorDetails).toHaveLength(1);
    expect(body.amountL1ValidatorBalanceBurned[0].amount).toBe(String(body.l1ValidatorDetails[0].balanceChange));
  });

  it('answers the UTXOs the transaction consumes and emits, as stored', async () => {
    const [tx] = await db.query<{ tx_hash: string }>(
      `SELECT consuming_tx_hash AS tx_hash FROM utxo u WHERE network = 'mainnet' AND blockchain_id = '11111111111111111111111111111111LpoYY'
         AND consuming_tx_hash IS NOT NULL AND EXISTS (SELECT 1 FROM utxo e WHERE e.network = u.network AND e.tx_hash = u.consuming_tx_hash)
       LIMIT 1`,
    );
    const consumed = await db.query<{ utxo_id: string }>(
      `SELECT utxo_id FROM utxo WHERE network = 'mainnet' AND consuming_tx_hash = $1 ORDER BY utxo_id`,
      [tx!.tx_hash],
    );
    const emitted = await db.query<{ utxo_id: string }>(
      `SELECT utxo_id FROM utxo WHERE network = 'mainnet' AND tx_hash = $1 AND reward_type IS NULL ORDER BY utxo_id`,
      [tx!.tx_hash],
    );
    const { body } = await service.request(`${P}/transactions/${tx!.tx_hash}`);
    expect(body.consumedUtxos.map((u: any) => u.utxoId).sort()).toEqual(consumed.map((u) => u.utxo_id));
    expect(body.emittedUtxos.map((u: any) => u.utxoId).sort()).toEqual(emitted.map((u) => u.utxo_id));
  });

  it('is a 404 for an unknown hash, and for a P-Chain hash asked of the C-Chain, worded for REST', async () => {
    const missing = await service.request(`${P}/transactions/${AVAX}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const c = await service.request(`/v1/networks/mainnet/blockchains/c-chain/transactions/${README_TX}`);
    expect(c.status).toBe(404);
  });
});

describe('listLatestPrimaryNetworkTransactions', () => {
  it("lists an address's P-Chain transactions newest first: exactly those whose UTXOs it owns", async () => {
    const listed = await allPages(`${P}/transactions?addresses=${address}&pageSize=7`);
    expect(listed.map((t) => t.txHash)).toEqual(
      await touchingByBruteForce('11111111111111111111111111111111LpoYY', address),
    );
    expect(listed.length).toBeGreaterThan(0);
  });

  it('answers the official schema on the P- and X-Chain', async () => {
    for (const path of [`${P}/transactions?addresses=${address}&pageSize=50`, `${X}/transactions?pageSize=50`]) {
      const { status, body } = await service.request(path);
      expect(status).toBe(200);
      expect(officialResponseErrors('listLatestPrimaryNetworkTransactions', 200, body)).toEqual([]);
    }
  });

  it('sortOrder=asc lists the same transactions oldest first', async () => {
    const desc = await allPages(`${P}/transactions?addresses=${address}&pageSize=100`);
    const asc = await allPages(`${P}/transactions?addresses=${address}&pageSize=100&sortOrder=asc`);
    expect(asc.map((t) => t.txHash)).toEqual(desc.map((t) => t.txHash).reverse());
  });

  it('filters by txTypes and time range with addresses', async () => {
    const all = await allPages(`${P}/transactions?addresses=${address}&pageSize=100`);
    const type = all[0].txType;
    const typed = await allPages(`${P}/transactions?addresses=${address}&txTypes=${type}`);
    expect(typed.map((t) => t.txHash)).toEqual(all.filter((t) => t.txType === type).map((t) => t.txHash));
    const mid = all[Math.floor(all.length / 2)].blockTimestamp;
    const ranged = await allPages(`${P}/transactions?addresses=${address}&startTimestamp=${mid}`);
    expect(ranged.map((t) => t.txHash)).toEqual(all.filter((t) => t.blockTimestamp >= mid).map((t) => t.txHash));
  });

  it('lists every transaction acting on an L1 validation: its adding transaction and those whose bytes name it', async () => {
    // By brute force: the ConvertSubnetToL1Tx or RegisterL1ValidatorTx that added it (its validator
    // row), and each IncreaseL1ValidatorBalanceTx, SetL1ValidatorWeightTx and DisableL1ValidatorTx
    // whose signed bytes hold its 32-byte ID (the field, or the L1ValidatorWeight message).
    const validations = await db.query<{ validation_id: string; tx_hash: string }>(
      `SELECT validation_id, tx_hash FROM validator WHERE network = 'mainnet' AND is_l1_validator ORDER BY validation_id`,
    );
    const named = async (validationId: string) => {
      const hex = Buffer.from(utils.base58check.decode(validationId)).toString('hex');
      const rows = await db.query<{ tx_hash: string }>(
        `SELECT tx_hash FROM primary_network_transaction WHERE network = 'mainnet'
           AND tx_type IN ('IncreaseL1ValidatorBalanceTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx')
           AND position($1 in lower(tx_bytes)) > 0`,
        [hex],
      );
      return rows.map((r) => r.tx_hash);
    };
    const expected = async (v: { validation_id: string; tx_hash: string }) => {
      const hashes = [v.tx_hash, ...(await named(v.validation_id))];
      const rows = await db.query<{ tx_hash: string }>(
        `SELECT tx_hash FROM primary_network_transaction WHERE network = 'mainnet' AND tx_hash = ANY ($1::text[])
         ORDER BY block_timestamp DESC, tx_hash DESC`,
        [hashes],
      );
      return rows.map((r) => r.tx_hash);
    };
    // The validations with the most such transactions.
    const counted = await Promise.all(validations.map(async (v) => ({ v, n: (await named(v.validation_id)).length })));
    counted.sort((a, b) => b.n - a.n);
    expect(counted[0]!.n).toBeGreaterThan(0);
    for (const { v } of counted.slice(0, 3)) {
      const listed = await allPages(`${P}/transactions?l1ValidationId=${v.validation_id}&pageSize=1`);
      expect({ validation: v.validation_id, listed: listed.map((t) => t.txHash) }).toEqual({
        validation: v.validation_id,
        listed: await expected(v),
      });
    }
    const types = new Set(
      (await allPages(`${P}/transactions?l1ValidationId=${counted[0]!.v.validation_id}`)).map((t) => t.txType),
    );
    expect(types.size).toBeGreaterThan(1);
  });

  it('l1ValidationId with txTypes, a time range and sortOrder=asc', async () => {
    const [v] = await db.query<{ validation_id: string }>(
      `SELECT l.validation_id FROM primary_network_transaction_validation l WHERE l.network = 'mainnet'
       GROUP BY l.validation_id ORDER BY count(*) DESC, l.validation_id LIMIT 1`,
    );
    const base = `${P}/transactions?l1ValidationId=${v!.validation_id}`;
    const all = await allPages(base);
    expect(all.length).toBeGreaterThan(1);
    const asc = await allPages(`${base}&sortOrder=asc&pageSize=1`);
    expect(asc.map((t) => t.txHash)).toEqual(all.map((t) => t.txHash).reverse());
    const type = all[0].txType;
    expect((await allPages(`${base}&txTypes=${type}`)).map((t) => t.txHash)).toEqual(
      all.filter((t) => t.txType === type).map((t) => t.txHash),
    );
    const end = all[all.length - 1].blockTimestamp;
    expect((await allPages(`${base}&endTimestamp=${end}`)).map((t) => t.txHash)).toEqual(
      all.filter((t) => t.blockTimestamp <= end).map((t) => t.txHash),
    );
    const { status, body } = await service.request(`${base}&pageSize=50`);
    expect(status).toBe(200);
    expect(officialResponseErrors('listLatestPrimaryNetworkTransactions', 200, body)).toEqual([]);
  });

  it('refuses an l1ValidationId that is not a CB58 ID, and one off the P-Chain', async () => {
    for (const path of [`${P}/transactions?l1ValidationId=0xzz`, `${X}/transactions?l1ValidationId=${README_TX}`]) {
      const { status, body } = await service.request(path);
      expect({ path, status, body }).toMatchObject({
        path,
        status: 400,
        body: { statusCode: 400, error: 'Bad Request' },
      });
      expect(typeof body.message).toBe('string');
    }
  });

  it('refuses txTypes or a time range without addresses or l1ValidationId, and both together', async () => {
    for (const query of ['txTypes=BaseTx', 'startTimestamp=1', `addresses=${address}&l1ValidationId=${README_TX}`]) {
      const { status, body } = await service.request(`${P}/transactions?${query}`);
      expect({ query, status, statusCode: body.statusCode }).toEqual({ query, status: 400, statusCode: 400 });
    }
  });

  it('refuses a page size outside 1..100', async () => {
    for (const size of [0, 101]) expect((await service.request(`${P}/transactions?pageSize=${size}`)).status).toBe(400);
  });
});

describe('listActivePrimaryNetworkStakingTransactions', () => {
  it("lists the address's staking transactions whose stake is still locked", async () => {
    const listed = await allPages(`${P}/transactions:listStaking?addresses=${address}`);
    const all = await allPages(`${P}/transactions?addresses=${address}&pageSize=100`);
    const locked = await db.query<{ tx_hash: string }>(
      `SELECT tx_hash FROM validator WHERE network = 'mainnet' AND removed_at_block_index IS NULL AND (end_timestamp IS NULL OR end_timestamp > $1)
       UNION SELECT tx_hash FROM delegation WHERE network = 'mainnet' AND reward_tx_hash IS NULL AND end_timestamp > $1`,
      [DEMO_NOW],
    );
    const lockedSet = new Set(locked.map((r) => r.tx_hash));
    const staking = [
      'AddValidatorTx',
      'AddDelegatorTx',
      'AddPermissionlessValidatorTx',
      'AddPermissionlessDelegatorTx',
    ];
    expect(listed.map((t) => t.txHash)).toEqual(
      all.filter((t) => staking.includes(t.txType) && lockedSet.has(t.txHash)).map((t) => t.txHash),
    );
  });

  it('is P-Chain only', async () => {
    expect((await service.request(`${X}/transactions:listStaking`)).status).toBe(400);
  });
});

describe('listAssetTransactions', () => {
  it('lists the X-Chain transactions that move AVAX, in the official shape', async () => {
    const { status, body } = await service.request(`${X}/assets/${AVAX}/transactions?pageSize=20`);
    expect(status).toBe(200);
    expect(officialResponseErrors('listAssetTransactions', 200, body)).toEqual([]);
    for (const tx of body.transactions)
      expect(
        [...tx.consumedUtxos, ...tx.emittedUtxos, ...tx.amountUnlocked.map((a: any) => ({ asset: a }))].some(
          (u: any) => u.asset.assetId === AVAX,
        ),
      ).toBe(true);
  });

  it('is X-Chain only', async () => {
    expect((await service.request(`${P}/assets/${AVAX}/transactions`)).status).toBe(400);
  });
});
