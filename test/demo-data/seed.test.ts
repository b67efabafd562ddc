// Seeds one database at the default scale and checks the data set's consistency rules.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Database } from '../../prisma/database';
import { type SeedSummary } from '../../demo-data';
import { isDatabaseEmpty, SERVICE_MODELS } from '../../prisma/dataTables';
import { bech32Decode } from '../../avalanche/bech32';
import { fromHex } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { DEMO_NOW, NETWORKS, PRIMARY_NETWORK_ID } from '../../demo-data/constants';
import { supplyAt } from '../../demo-data/primary-network/supply';
import {
  balanceCategorySql,
  delegationFeeSplit,
  potentialReward,
  STAKING_PARAMETERS,
  validationStatusAt,
} from '../../domain';
import { dataModel } from '../../prisma/generated/metadata';
import { createSettings } from '../../prisma/settings';
import { backfillL1FeeEvents } from '../../indexer/primary-network/backfillL1FeeEvents';
import { WRITE_ORDER } from '../../prisma/write';
import { BLS_POP_DST } from '../../demo-data/validatorKeys';
import { bruteForceDailyFees, dayTotals, readL1FeeRaw } from '../subgraphs/metrics/fixtures/bruteForceL1Fees';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';

let db: Database;
let summary: SeedSummary;
/** Tables the seeder fills: all but the service's settings and API keys, the indexers' cursors and node endpoints (recorded by operators). */
const SEEDED_TABLES = WRITE_ORDER.filter((m) => ![...SERVICE_MODELS, 'SyncState', 'NodeEndpoint'].includes(m)).map(
  (m) => dataModel.models[m].table,
);
const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: bigint }>(sql, params))[0]!.n);

beforeAll(async () => {
  // The shared seeded copy: seedDemoData ran on an empty database once for this version of the code.
  ({ db, summary } = await setupSeededDatabase());
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(() => teardownSeeded(db));

describe('seedDemoData()', () => {
  test('every table of the schema holds rows, and isDatabaseEmpty() says so', async () => {
    for (const table of SEEDED_TABLES) {
      const rows = await count(`SELECT count(*) AS n FROM "${table}"`);
      expect({ table, empty: rows === 0 }).toEqual({ table, empty: false });
    }
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(summary.rows.evm_transaction).toBe(await count('SELECT count(*) AS n FROM evm_transaction'));
  });

  test('every table it fills has planner statistics before the first request (ANALYZE; PGlite has no autovacuum)', async () => {
    for (const table of SEEDED_TABLES) {
      const columns = await count(
        'SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1',
        [table],
      );
      expect({ table, analyzed: columns > 0 }).toEqual({ table, analyzed: true });
    }
  });

  // The folder a user gets on first start: its write-ahead log bounded (PGLITE_WAL_SETTINGS), not as large as the data.
  (process.env.DATABASE_URL ? test.skip : test)(
    'on PGlite, the seeded folder keeps at most 30 % of its data size in write-ahead log',
    async () => {
      const [size] = await db.query<{ wal: string; data: string }>(
        `SELECT (SELECT sum(size) FROM pg_ls_waldir())::text AS wal, pg_database_size(current_database())::text AS data`,
      );
      expect(Number(size!.wal)).toBeLessThanOrEqual(0.3 * Number(size!.data));
    },
  );

  test('the demo data marker records scale and DEMO_NOW', async () => {
    expect(await createSettings(db).get('demoData')).toEqual({
      scale: 1,
      demoNow: 1_793_491_200,
      seededAt: expect.any(String),
    });
  });

  test('subnets: enough to page, some L1s with conversion and manager, genesis of subnet-evm shape', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM subnet WHERE network = 'mainnet' AND subnet_id <> $1`, [
        PRIMARY_NETWORK_ID,
      ]),
    ).toBeGreaterThanOrEqual(30);
    expect(await count(`SELECT count(*) AS n FROM subnet WHERE network = 'fuji'`)).toBeGreaterThanOrEqual(16);
    expect(
      await count(
        `SELECT count(*) AS n FROM subnet WHERE is_l1 AND (l1_conversion_transaction_hash IS NULL OR l1_validator_manager_address IS NULL)`,
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM subnet WHERE is_l1`)).toBeGreaterThanOrEqual(4);
    const [genesis] = await db.query<{ g: Record<string, any> }>(
      `SELECT genesis_data AS g FROM blockchain WHERE evm_chain_id = 737373`,
    );
    expect(genesis!.g.config).toMatchObject({
      chainId: 737373,
      feeConfig: expect.any(Object),
      warpConfig: { quorumNumerator: 67 },
    });
    expect(parseInt(genesis!.g.gasLimit, 16)).toBe(genesis!.g.config.feeConfig.gasLimit);
    expect(Object.values(genesis!.g.alloc).some((a: any) => a.code && a.storage)).toBe(true);
    expect(
      await count(
        `SELECT count(*) AS n FROM evm_chain c JOIN blockchain b USING (network, blockchain_id) JOIN subnet s USING (network, subnet_id) WHERE c.chain_id IN (737373, 202611) AND s.is_l1`,
      ),
    ).toBe(2);
  });

  test('validators: at least 2,000, every status at DEMO_NOW, delegation totals equal the sums of delegations', async () => {
    expect(await count('SELECT count(*) AS n FROM validator')).toBeGreaterThanOrEqual(2000);
    const periods = await db.query<{
      startTimestamp: bigint;
      endTimestamp: bigint | null;
      removedTimestamp: bigint | null;
    }>(
      'SELECT start_timestamp AS "startTimestamp", end_timestamp AS "endTimestamp", removed_timestamp AS "removedTimestamp" FROM validator',
    );
    expect([...new Set(periods.map((p) => validationStatusAt(p, DEMO_NOW)))].sort()).toEqual([
      'active',
      'completed',
      'pending',
      'removed',
    ]);
    expect(
      await count(`SELECT count(*) AS n FROM validator v LEFT JOIN (SELECT network, validator_tx_hash, count(*) AS c, sum(amount_delegated) AS s FROM delegation GROUP BY 1, 2) d
      ON d.network = v.network AND d.validator_tx_hash = v.tx_hash WHERE v.delegator_count <> coalesce(d.c, 0) OR v.amount_delegated <> coalesce(d.s, 0)`),
    ).toBe(0);
    // Stored as what the validation accepts while active or pending (readers apply the status).
    expect(
      await count(`SELECT count(*) AS n FROM validator WHERE subnet_id = '11111111111111111111111111111111LpoYY'
      AND delegation_capacity <> greatest(0, least(5 * amount_staked, 3000000000000000) - amount_staked - amount_delegated)`),
    ).toBe(0);
    // Removal times only on subnet and L1 validations that a transaction removed, before their end.
    expect(
      await count(`SELECT count(*) AS n FROM validator WHERE removed_timestamp IS NOT NULL
      AND (subnet_id = '11111111111111111111111111111111LpoYY' OR removed_at_block_index IS NULL OR removed_timestamp < start_timestamp
        OR removed_timestamp >= coalesce(end_timestamp, 9223372036854775807))`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM delegation d JOIN validator v ON v.network = d.network AND v.tx_hash = d.validator_tx_hash
      WHERE d.start_timestamp < v.start_timestamp OR d.end_timestamp > v.end_timestamp`),
    ).toBe(0);
  });

  test('rewards follow the P-Chain formula: validators with enough uptime get the potential reward of their stake', async () => {
    const rows = await db.query<{
      network: 'mainnet' | 'fuji';
      amount: string;
      start: bigint;
      end: bigint;
      reward: string;
      uptime: string;
    }>(`
      SELECT network::text AS network, amount_staked AS amount, start_timestamp AS start, end_timestamp AS end,
        validation_reward_amount AS reward, uptime_percentage AS uptime
      FROM validator WHERE subnet_id = '11111111111111111111111111111111LpoYY' ORDER BY network, tx_hash`);
    expect(rows.length).toBeGreaterThan(500);
    let rewarded = 0;
    for (const r of rows) {
      if (BigInt(r.reward) === 0n) {
        // Unrewarded: too little uptime (pending validations store 0 % until they start).
        if (!(Number(r.uptime) < 80 || r.start > DEMO_NOW))
          throw new Error(`a validation with ${r.uptime} % uptime has no reward`);
        continue;
      }
      rewarded++;
      const expected = potentialReward(
        {
          stakedAmount: BigInt(r.amount),
          stakedDuration: r.end - r.start,
          currentSupply: supplyAt(r.network, Number(r.start)),
        },
        STAKING_PARAMETERS[r.network].reward,
      );
      if (BigInt(r.reward) !== expected)
        throw new Error(`reward ${r.reward} of a stake of ${r.amount}, expected ${expected}`);
    }
    expect(rewarded).toBeGreaterThan(rows.length * 0.8);
  });

  test("pending delegation rewards are the potential reward split by the validator's fee", async () => {
    const rows = await db.query<{
      network: 'mainnet' | 'fuji';
      amount: string;
      start: bigint;
      end: bigint;
      fee: string;
      delegator: string;
      validator: string;
    }>(`
      SELECT d.network::text AS network, d.amount_staked AS amount, d.start_timestamp AS start, d.end_timestamp AS end, v.delegation_fee AS fee,
        d.estimated_reward_amount AS delegator, f.estimated_reward_amount AS validator
      FROM pending_reward d
      JOIN pending_reward f ON f.network = d.network AND f.tx_hash = d.tx_hash AND f.reward_type = 'VALIDATOR_FEE'
      JOIN delegation g ON g.network = d.network AND g.tx_hash = d.tx_hash
      JOIN validator v ON v.network = g.network AND v.validation_id = g.validator_tx_hash
      WHERE d.reward_type = 'DELEGATOR'`);
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      if (BigInt(r.delegator) === 0n && BigInt(r.validator) === 0n) continue; // the validator's uptime is too low
      const total = potentialReward(
        {
          stakedAmount: BigInt(r.amount),
          stakedDuration: r.end - r.start,
          currentSupply: supplyAt(r.network, Number(r.start)),
        },
        STAKING_PARAMETERS[r.network].reward,
      );
      expect({ validatorFee: BigInt(r.validator), delegatorReward: BigInt(r.delegator) }).toEqual(
        delegationFeeSplit(total, Math.round(Number(r.fee) * 10_000)),
      );
    }
  });

  test('validators carry real proofs of possession', async () => {
    const rows = await db.query<{ k: string; p: string }>(
      'SELECT DISTINCT bls_public_key AS k, bls_proof_of_possession AS p FROM validator ORDER BY 1 LIMIT 12',
    );
    const sigs = bls12_381.longSignatures;
    for (const { k, p } of rows) {
      expect(
        sigs.verify(
          sigs.Signature.fromBytes(fromHex(p)),
          sigs.hash(fromHex(k), BLS_POP_DST),
          bls12_381.G1.Point.fromBytes(fromHex(k)),
        ),
      ).toBe(true);
    }
  });

  test('pending rewards exist for active stakes only, with addresses', async () => {
    expect(await count('SELECT count(*) AS n FROM pending_reward')).toBeGreaterThan(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM pending_reward p WHERE NOT EXISTS (SELECT 1 FROM pending_reward_address a WHERE a.network = p.network AND a.tx_hash = p.tx_hash AND a.reward_type = p.reward_type)`,
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM pending_reward WHERE NOT (start_timestamp <= $1 AND end_timestamp > $1)`, [
        DEMO_NOW,
      ]),
    ).toBe(0);
  });

  test('every balance category of spec 2.6 has UTXOs at DEMO_NOW, on P, X and C as applicable, and on the showcase address', async () => {
    const rows = await db.query<{ network: string; blockchain_id: string; category: string; showcase: boolean }>(
      `
      WITH live AS (SELECT *, ${balanceCategorySql({ at: '$1' })} AS category FROM utxo)
      SELECT DISTINCT l.network::text AS network, l.blockchain_id, l.category, a.address IN ($2, $3) AS showcase
      FROM live l JOIN utxo_address a ON a.network = l.network AND a.utxo_id = l.utxo_id WHERE l.category IS NOT NULL`,
      [DEMO_NOW, summary.showcase.pChainAddress.mainnet, summary.showcase.pChainAddress.fuji],
    );
    const has = (network: string, chain: string, category: string, showcase = false) =>
      rows.some(
        (r) =>
          r.network === network && r.blockchain_id === chain && r.category === category && (!showcase || r.showcase),
      );
    for (const network of ['mainnet', 'fuji'] as const) {
      const info = NETWORKS[network];
      for (const category of [
        'unlockedUnstaked',
        'unlockedStaked',
        'lockedPlatform',
        'lockedStakeable',
        'lockedStaked',
        'pendingStaked',
        'atomicMemoryUnlocked',
        'atomicMemoryLocked',
      ]) {
        expect({
          network,
          category,
          showcase: has(network, '11111111111111111111111111111111LpoYY', category, true),
        }).toEqual({ network, category, showcase: true });
      }
      for (const chain of [info.xChainId, info.cChainId]) {
        for (const category of ['atomicMemoryUnlocked', 'atomicMemoryLocked'])
          expect({ chain, category, ok: has(network, chain, category, true) }).toEqual({ chain, category, ok: true });
      }
      expect(
        has(network, info.xChainId, 'unlockedUnstaked', true) && has(network, info.xChainId, 'lockedPlatform', true),
      ).toBe(true);
    }
    expect(await count('SELECT count(*) AS n FROM utxo WHERE consuming_tx_hash IS NOT NULL')).toBeGreaterThan(100);
  });

  test('IDs and addresses are valid cb58 and bech32; P-Chain transaction IDs hash their bytes', async () => {
    const utxos = await db.query<{ utxo_id: string; tx_hash: string; asset_id: string }>(
      'SELECT utxo_id, tx_hash, asset_id FROM utxo ORDER BY utxo_id LIMIT 200',
    );
    for (const u of utxos) for (const id of [u.utxo_id, u.tx_hash, u.asset_id]) expect(cb58Decode(id)).toHaveLength(32);
    const addresses = await db.query<{ address: string; network: string }>(
      'SELECT address, network::text AS network FROM utxo_address ORDER BY address LIMIT 200',
    );
    for (const a of addresses) expect(bech32Decode(a.address).hrp).toBe(a.network === 'mainnet' ? 'avax' : 'fuji');
    const txs = await db.query<{ tx_hash: string; tx_bytes: string; tx_type: string }>(
      'SELECT tx_hash, tx_bytes, tx_type FROM primary_network_transaction ORDER BY tx_hash LIMIT 300',
    );
    for (const tx of txs) expect(cb58Encode(sha256(fromHex(tx.tx_bytes)))).toBe(tx.tx_hash);
    const types = await db.query<{ t: string }>('SELECT DISTINCT tx_type AS t FROM primary_network_transaction');
    expect(types.map((r) => r.t)).toEqual(
      expect.arrayContaining([
        'ConvertSubnetToL1Tx',
        'RegisterL1ValidatorTx',
        'SetL1ValidatorWeightTx',
        'AddPermissionlessValidatorTx',
        'RewardValidatorTx',
        'CreateAssetTx',
      ]),
    );
  });

  test('P- and X-Chain blocks chain by parent hash and are proposed by validator nodes', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM primary_network_block b JOIN primary_network_block p ON p.network = b.network AND p.blockchain_id = b.blockchain_id
      AND p.block_number = b.block_number - 1 WHERE b.parent_hash <> p.block_hash OR b.block_timestamp < p.block_timestamp`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM primary_network_block b WHERE proposer_node_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM validator v WHERE v.network = b.network AND v.node_id = b.proposer_node_id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM primary_network_block b WHERE tx_count <> cardinality(transactions)`),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM validator v WHERE NOT EXISTS (SELECT 1 FROM primary_network_transaction t WHERE t.network = v.network AND t.tx_hash = v.tx_hash AND t.block_number = v.block_index)`,
      ),
    ).toBe(0);
  });

  test('EVM blocks: at least 10,000 per chain, parent hashes chained, gasUsed and txCount sum their transactions', async () => {
    const chains = await db.query<{ chain_id: bigint; n: bigint }>(
      'SELECT chain_id, count(*) AS n FROM evm_block GROUP BY 1 ORDER BY 1',
    );
    expect(chains.map((c) => Number(c.chain_id))).toEqual([43113, 43114, 202611, 737373]);
    for (const c of chains) expect(Number(c.n)).toBeGreaterThanOrEqual(10_000);
    expect(
      await count(
        `SELECT count(*) AS n FROM evm_block b JOIN evm_block p ON p.chain_id = b.chain_id AND p.number = b.number - 1 WHERE b.parent_hash <> p.hash OR b.timestamp <= p.timestamp`,
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM evm_block b LEFT JOIN (SELECT chain_id, block_number, sum(gas_used) AS g, count(*) AS c FROM evm_transaction GROUP BY 1, 2) t
      ON t.chain_id = b.chain_id AND t.block_number = b.number WHERE coalesce(t.g, 0) <> b.gas_used OR coalesce(t.c, 0) <> b.tx_count`),
    ).toBe(0);
  });

  test("EVM blocks carry a node's header members: empty-trie roots without transactions, coreth's on the C-Chains only, Granite's time in ms", async () => {
    const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
    expect(
      await count(`SELECT count(*) AS n FROM evm_block WHERE state_root IS NULL OR transactions_root IS NULL OR receipts_root IS NULL OR extra_data IS NULL
      OR size IS NULL OR block_gas_cost IS NULL OR blob_gas_used IS NULL OR excess_blob_gas IS NULL OR parent_beacon_block_root IS NULL
      OR timestamp_milliseconds IS NULL OR min_delay_excess IS NULL`),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM evm_block WHERE (tx_count = 0) <> (transactions_root = $1 AND receipts_root = $1)`,
        [EMPTY_ROOT],
      ),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM evm_block WHERE (chain_id IN (43113, 43114)) <> (block_extra_data IS NOT NULL AND ext_data_hash = $1 AND ext_data_gas_used = 0)`,
        [EMPTY_ROOT],
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM evm_block WHERE timestamp_milliseconds / 1000 <> timestamp`)).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM evm_block b JOIN evm_block p ON p.chain_id = b.chain_id AND p.number = b.number - 1 WHERE b.tx_count = 0 AND b.state_root <> p.state_root`,
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM evm_block WHERE tx_count = 0`)).toBeGreaterThan(0);
  });

  test('EVM calls name known methods; creations have a contract row with deployment details', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM evm_transaction t WHERE t.to_address IS NOT NULL AND t.method_hash IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM evm_method_signature s WHERE s.method_hash = t.method_hash)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM evm_transaction t WHERE t.contract_address IS NOT NULL AND NOT EXISTS
      (SELECT 1 FROM evm_contract c WHERE c.chain_id = t.chain_id AND c.address = t.contract_address AND c.deployment_tx_hash = t.tx_hash AND c.deployer_address = t.from_address)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM evm_contract WHERE deployer_contract_address IS NOT NULL`),
    ).toBeGreaterThan(0);
    const types = await db.query<{ t: string }>(
      `SELECT DISTINCT internal_tx_type::text AS t FROM evm_internal_transaction`,
    );
    expect(types.map((r) => r.t)).toEqual(
      expect.arrayContaining(['CALL', 'CREATE', 'CREATE2', 'DELEGATECALL', 'STATICCALL']),
    );
    expect(
      await count(
        `SELECT count(*) AS n FROM evm_internal_transaction WHERE internal_tx_type = 'CALL' AND value > 0 AND NOT is_reverted`,
      ),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM evm_internal_transaction WHERE is_reverted`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM evm_contract WHERE token_reputation = 'Malicious'`)).toBeGreaterThan(
      0,
    );
    const statuses = await db.query<{ s: string }>('SELECT DISTINCT index_status AS s FROM evm_nft_token');
    expect(statuses.length).toBeGreaterThanOrEqual(8);
  });

  test('ERC-20 balance histories are running sums of the transfers', async () => {
    expect(
      await count(`WITH d AS (SELECT chain_id, token_address, holder, block_number,
        balance - coalesce(lag(balance) OVER (PARTITION BY chain_id, token_address, holder ORDER BY block_number), 0) AS delta FROM erc20_balance_change),
      t AS (SELECT chain_id, token_address, holder, block_number, sum(v) AS s FROM (
        SELECT chain_id, token_address, to_address AS holder, block_number, value AS v FROM evm_token_transfer WHERE erc_type = 'ERC-20'
        UNION ALL SELECT chain_id, token_address, from_address, block_number, -value FROM evm_token_transfer WHERE erc_type = 'ERC-20') x
        WHERE holder <> '\\x0000000000000000000000000000000000000000' GROUP BY 1, 2, 3, 4)
      SELECT count(*) AS n FROM d FULL JOIN t USING (chain_id, token_address, holder, block_number) WHERE coalesce(d.delta, 0) <> coalesce(t.s, 0)`),
    ).toBe(0);
  });

  test("each holder's current ERC-20 balance is the change of its latest block, and every holder with a history has one", async () => {
    expect(
      await count(`WITH latest AS (SELECT DISTINCT ON (chain_id, holder, token_address) chain_id, holder, token_address, block_number, balance
        FROM erc20_balance_change ORDER BY chain_id, holder, token_address, block_number DESC)
      SELECT count(*) AS n FROM latest l FULL JOIN erc20_balance b USING (chain_id, holder, token_address)
       WHERE l.block_number IS DISTINCT FROM b.block_number OR l.balance IS DISTINCT FROM b.balance`),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM erc20_balance')).toBeGreaterThan(1000);
  });

  test('ERC-1155 balance histories are running sums of the transfers, per token ID', async () => {
    expect(
      await count(`WITH d AS (SELECT chain_id, token_address, token_id, holder, block_number,
        balance - coalesce(lag(balance) OVER (PARTITION BY chain_id, token_address, token_id, holder ORDER BY block_number), 0) AS delta
        FROM erc1155_balance_change),
      t AS (SELECT chain_id, token_address, token_id, holder, block_number, sum(v) AS s FROM (
        SELECT chain_id, token_address, token_id, to_address AS holder, block_number, value AS v FROM evm_token_transfer WHERE erc_type = 'ERC-1155'
        UNION ALL SELECT chain_id, token_address, token_id, from_address, block_number, -value FROM evm_token_transfer WHERE erc_type = 'ERC-1155') x
        WHERE holder <> '\\x0000000000000000000000000000000000000000' GROUP BY 1, 2, 3, 4, 5)
      SELECT count(*) AS n FROM d FULL JOIN t USING (chain_id, token_address, token_id, holder, block_number)
       WHERE coalesce(d.delta, 0) <> coalesce(t.s, 0) OR d.delta IS NULL`),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM erc1155_balance_change WHERE balance < 0')).toBe(0);
  });

  test("each holder's current ERC-1155 balance is the change of its latest block, zero balances kept", async () => {
    expect(
      await count(`WITH latest AS (SELECT DISTINCT ON (chain_id, holder, token_address, token_id) chain_id, holder, token_address, token_id, block_number, balance
        FROM erc1155_balance_change ORDER BY chain_id, holder, token_address, token_id, block_number DESC)
      SELECT count(*) AS n FROM latest l FULL JOIN erc1155_balance b USING (chain_id, holder, token_address, token_id)
       WHERE l.block_number IS DISTINCT FROM b.block_number OR l.balance IS DISTINCT FROM b.balance`),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM erc1155_balance WHERE balance > 0')).toBeGreaterThan(1000);
    expect(await count('SELECT count(*) AS n FROM erc1155_balance WHERE balance = 0')).toBeGreaterThan(0);
  });

  test('native balance histories follow values, internal values and fees', async () => {
    expect(
      await count(`WITH moves AS (
        SELECT chain_id, block_number, from_address AS a, -(gas_used * gas_price) - CASE WHEN status = 1 THEN value ELSE 0 END AS v FROM evm_transaction
        UNION ALL SELECT chain_id, block_number, coalesce(to_address, contract_address), value FROM evm_transaction WHERE status = 1 AND value > 0
        UNION ALL SELECT chain_id, block_number, from_address, -value FROM evm_internal_transaction WHERE NOT is_reverted AND value > 0
        UNION ALL SELECT chain_id, block_number, to_address, value FROM evm_internal_transaction WHERE NOT is_reverted AND value > 0),
      per AS (SELECT chain_id, block_number, a AS address, sum(v) AS d FROM moves GROUP BY 1, 2, 3),
      hist AS (SELECT chain_id, address, block_number, balance - lag(balance) OVER (PARTITION BY chain_id, address ORDER BY block_number) AS delta FROM native_balance_change)
      SELECT count(*) AS n FROM hist h LEFT JOIN per p USING (chain_id, address, block_number) WHERE h.delta IS NOT NULL AND h.delta <> coalesce(p.d, 0)`),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM native_balance_change WHERE balance < 0')).toBe(0);
  });

  test('teleporter messages point at transactions on both chains', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM teleporter_message m WHERE NOT EXISTS (SELECT 1 FROM evm_transaction t WHERE t.tx_hash = m.source_tx_hash)
      OR (m.destination_tx_hash IS NOT NULL AND NOT EXISTS (SELECT 1 FROM evm_transaction t WHERE t.tx_hash = m.destination_tx_hash))`),
    ).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM teleporter_message WHERE destination_tx_hash IS NULL'),
    ).toBeGreaterThan(0);
  });

  test('asset prices: hourly, in the 14 currencies, for AVAX and the priced tokens', async () => {
    const keys = await db.query<{ k: string; c: bigint }>(
      'SELECT price_key AS k, count(DISTINCT currency_code) AS c FROM asset_price GROUP BY 1',
    );
    expect(keys.map((r) => r.k)).toEqual(expect.arrayContaining(['avalanche-2', 'usd-coin', 'tether']));
    for (const k of keys) expect(Number(k.c)).toBe(14);
    expect(await count('SELECT count(*) AS n FROM asset_price WHERE timestamp % 3600 <> 0')).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM evm_contract c WHERE price_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM asset_price p WHERE p.price_key = c.price_key)`,
      ),
    ).toBe(0);
  });

  test('metric rollups: every scope and interval, aligned periods, monthly counts adding up to the rows (the metrics themselves: test/metrics)', async () => {
    const rows = await db.query<{ scope: string; intervals: string[] }>(
      'SELECT scope, array_agg(DISTINCT time_interval::text ORDER BY time_interval::text) AS intervals FROM metric_rollup GROUP BY 1 ORDER BY 1',
    );
    expect(rows).toEqual(
      ['202611', '43113', '43114', '737373', 'mainnet', 'testnet', 'total'].map((scope) => ({
        scope,
        intervals: ['day', 'hour', 'month', 'week'],
      })),
    );
    expect(
      await count(`SELECT count(*) AS n FROM metric_rollup WHERE
      (time_interval = 'hour' AND bucket % 3600 <> 0) OR (time_interval = 'day' AND bucket % 86400 <> 0)
      OR (time_interval = 'week' AND (bucket % 86400 <> 0 OR extract(isodow FROM to_timestamp(bucket) AT TIME ZONE 'UTC') <> 1))
      OR (time_interval = 'month' AND (bucket % 86400 <> 0 OR extract(day FROM to_timestamp(bucket) AT TIME ZONE 'UTC') <> 1))`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM (SELECT m.scope::bigint AS chain_id, sum(m.tx_count) AS s FROM metric_rollup m
      WHERE m.time_interval = 'month' AND m.scope ~ '^[0-9]+$' GROUP BY 1) m
      JOIN (SELECT chain_id, count(*) AS c FROM evm_transaction GROUP BY 1) t USING (chain_id) WHERE m.s <> t.c`),
    ).toBe(0);
  });

  test.each(['mainnet', 'fuji'])(
    "L1 validator fee events on %s: each at its block's counter, a run-out at its end; per day, the validations' fees charged block by block add up to the fees-total difference",
    async (network) => {
      const raw = await readL1FeeRaw(db, network);
      const accruedAt = new Map(raw.blocks.map((b) => [b.height, b.accrued]));
      // A transaction's period starts or stops at its block's counter; a run-out (order −1) stops at its
      // end, which the block's counter has reached and the previous block's had not.
      const misplaced = raw.events.filter((e) =>
        e.txOrder < 0
          ? e.kind !== 'stop' || e.accrued > accruedAt.get(e.height)! || e.accrued <= accruedAt.get(e.height - 1n)!
          : e.accrued !== accruedAt.get(e.height),
      );
      expect(misplaced).toEqual([]);
      expect(raw.events.some((e) => e.kind === 'stop' && e.txOrder >= 0)).toBe(true);
      const daily = bruteForceDailyFees(raw);
      const totals = dayTotals(raw.blocks);
      const paid = [...totals.keys()].map((day) => [
        day,
        [...(daily.get(day)?.values() ?? [])].reduce((sum, fee) => sum + fee, 0n),
      ]);
      expect(paid).toEqual([...totals.entries()]);
      expect(paid.filter(([, fee]) => (fee as bigint) > 0n).length).toBeGreaterThan(30);
    },
  );

  test("L1 validations run out by ACP-77's rules: the fee events are the ones the indexer's backfill replays from the demo's transactions (mainnet's include run-outs), and a row is active exactly when its last period is open", async () => {
    const read = () =>
      db.query<{
        network: string;
        validation_id: string;
        block_index: bigint;
        tx_order: number;
        kind: string;
        accrued: string;
      }>(
        `SELECT network::text AS network, validation_id, block_index, tx_order, kind::text AS kind, accrued_fees::text AS accrued
           FROM l1_validator_fee_event ORDER BY network, validation_id, block_index, tx_order`,
      );
    const seeded = await read();
    expect(seeded.filter((e) => e.network === 'mainnet' && e.tx_order < 0).length).toBeGreaterThan(0);
    const rows = await db.query<{ validation_id: string; is_active: boolean; end: string | null }>(
      `SELECT validation_id, is_active, l1_end_accumulated_fee::text AS end FROM validator WHERE is_l1_validator`,
    );
    const last = new Map(seeded.map((e) => [e.validation_id, e.kind]));
    expect(rows.filter((r) => r.is_active !== (last.get(r.validation_id) === 'start'))).toEqual([]);
    expect(rows.filter((r) => r.is_active !== BigInt(r.end ?? 0) > 0n)).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM l1_validator_fee_event');
      await createSettings(tx).set('l1FeeEventsBackfill', true);
    });
    expect(await backfillL1FeeEvents(db)).toBe(seeded.length);
    expect(await read()).toEqual(seeded);
  });
});
