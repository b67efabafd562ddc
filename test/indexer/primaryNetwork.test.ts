// The primary-network indexer against a fake avalanchego node serving the fixture chains
// (test/fixtures/avalanchego/fujiChains.ts, whose header lists every transaction and amount): rows
// written block by block, then the REST endpoints 4.4-4.7 and 4.14 checked against values worked
// out by hand from the fixture's constants. Two runs: the node first at P-Chain height 4 and
// X-Chain height 0, then at 6 and 1 (a delegation rewarded, an import spent); the second resumes.
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import {
  ADDRESS,
  AVAX,
  AVAX_ASSET_ID,
  BLS,
  DELEGATION_END,
  L1_VALIDATION_ID,
  MANAGER_ADDRESS,
  NODE,
  P_BLOCKS,
  P_CHAIN_ID,
  REWARD,
  T0,
  VALIDATOR_END,
  X_BLOCKS,
  X_CHAIN_ID,
  X_VERTICES,
  xv1,
  xv2,
  L1_REGISTERED_VALIDATION_ID,
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
  tx7,
  tx8,
  tx9,
  xtx1,
  xtx2,
} from '../fixtures/avalanchego/fujiChains';
import { CERTIFICATE, P_WRAPPED, X_WRAPPED } from '../fixtures/avalanchego/proposerBlocks';
import { delegator10, delegator4, validatorN1 } from '../fixtures/avalanchego/currentValidators';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utils } from '@avalabs/avalanchejs';
import { indexOnce } from './support/indexOnce';
import {
  chainBurnedByBruteForce,
  l1BalanceFlowsByBruteForce,
  rewardsByBruteForce,
} from '../subgraphs/primary-network/support/supplyByBruteForce';
import { backfillL1FeeEvents } from '../../indexer/primary-network/backfillL1FeeEvents';
import { createSettings } from '../../prisma/settings';

let node: FakeAvalanchego;
let db: Database;
let service: TestService | undefined;
const lines: string[] = [];

const l1Validator = {
  validationID: L1_VALIDATION_ID,
  txID: tx8.id,
  nodeID: NODE.N2,
  subnetID: tx3.id,
  startTime: String(T0 + 400n),
  weight: '100',
  uptime: '100.0000',
  connected: false,
};

const config = (url: string) =>
  parseIndexerConfig(
    JSON.stringify({
      primaryNetwork: [
        { network: 'fuji', nodeUrl: url, pollIntervalMs: 20, validatorRefreshMs: 1, xChainVertices: true },
      ],
    }),
  );
const get = async (path: string) => {
  const response = await service!.request(path);
  expect(response.status).toBe(200);
  return response.body;
};
/** One asset's entries of a balances answer (AVAX unless said): category → [amount, utxoCount], non-empty categories only. */
const balances = async (chain: string, address: string, at: bigint, assetId = AVAX_ASSET_ID) => {
  const body = await get(`/v1/networks/fuji/blockchains/${chain}/balances?addresses=${address}&blockTimestamp=${at}`);
  const entries = Object.entries(
    body.balances as Record<string, { assetId: string; amount: string; utxoCount: number }[]>,
  )
    .map(([category, list]) => [category, list.find((e) => e.assetId === assetId)] as const)
    .filter(([, entry]) => entry !== undefined);
  return Object.fromEntries(entries.map(([category, entry]) => [category, [entry!.amount, entry!.utxoCount]]));
};
// ids.NodeIDFromCert: RIPEMD-160 of SHA-256 of the certificate
const nodeIdOf = (certificate: Uint8Array) => `NodeID-${utils.base58check.encode(ripemd160(sha256(certificate)))}`;
const NODE_OF_N1 = nodeIdOf(CERTIFICATE.N1);
const nano = (avax: string) => {
  const [whole, fraction = ''] = avax.split('.');
  return (BigInt(whole!) * AVAX + BigInt(fraction.padEnd(9, '0'))).toString();
};

beforeAll(async () => {
  [node, db] = await Promise.all([startFakeAvalanchego({ P: 4, X: 0 }), setupTestDatabase()]);
  // The L1's validator as the node lists it for its subnet: 1.5 AVAX paid in, 0.1 AVAX of fees drained since.
  node.currentValidators = [
    validatorN1([delegator4, delegator10], 750n * AVAX),
    { ...l1Validator, balance: String((14n * AVAX) / 10n) },
  ];
  node.peers = [{ nodeID: NODE.N1, ip: '10.0.0.1:9651', version: 'avalanchego/1.13.2', benched: [X_CHAIN_ID] }];
  node.failOnce.add('platform.getBlockByHeight:2');
  await indexOnce(db, config(node.url), lines);
  service = await startTestService(db, { clock: () => Number(T0 + 450n) });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await node?.close();
  await teardown(db);
});

describe('first run: P-Chain to height 4, X-Chain to height 0', () => {
  test("every block and transaction up to the head is written, with each chain's cursor", async () => {
    const blocks = await db.query<{
      blockchain_id: string;
      block_number: bigint;
      block_hash: string;
      parent_hash: string;
      block_type: string;
      block_timestamp: bigint;
      tx_count: number;
    }>(
      'SELECT blockchain_id, block_number, block_hash, parent_hash, block_type, block_timestamp, tx_count FROM primary_network_block ORDER BY blockchain_id, block_number',
    );
    expect(
      blocks
        .filter((b) => b.blockchain_id === P_CHAIN_ID)
        .map((b) => [Number(b.block_number), b.block_hash, b.block_type, b.block_timestamp, b.tx_count]),
    ).toEqual([
      [0, P_BLOCKS[0]!.id, 'BanffStandardBlock', T0, 1],
      [1, P_BLOCKS[1]!.id, 'BanffStandardBlock', T0 + 100n, 2],
      [2, P_BLOCKS[2]!.id, 'BanffStandardBlock', T0 + 200n, 2],
      [3, P_BLOCKS[3]!.id, 'BanffStandardBlock', T0 + 300n, 2],
      [4, P_BLOCKS[4]!.id, 'BanffStandardBlock', T0 + 400n, 3],
    ]);
    expect(
      blocks.filter((b) => b.blockchain_id === P_CHAIN_ID && b.block_number > 0n).map((b) => b.parent_hash),
    ).toEqual(P_BLOCKS.slice(0, 4).map((b) => b.id));
    expect(
      blocks.filter((b) => b.blockchain_id === X_CHAIN_ID).map((b) => [b.block_hash, b.block_type, b.block_timestamp]),
    ).toEqual([[X_BLOCKS[0]!.id, 'StandardBlock', T0 + 350n]]);
    const cursors = await db.query<{ chain_key: string; height: bigint; block_hash: string }>(
      'SELECT chain_key, height, block_hash FROM sync_state ORDER BY chain_key',
    );
    expect(cursors.map((c) => [c.chain_key, Number(c.height), c.block_hash])).toEqual([
      ['p-chain:fuji', 4, P_BLOCKS[4]!.id],
      ['x-chain-dag:fuji', 2, X_VERTICES[2]!.id],
      ['x-chain:fuji', 0, X_BLOCKS[0]!.id],
    ]);
    const txs = await db.query<{ tx_hash: string; tx_type: string }>(
      'SELECT tx_hash, tx_type FROM primary_network_transaction',
    );
    expect(new Map(txs.map((t) => [t.tx_hash, t.tx_type]))).toEqual(
      new Map([
        [tx1.id, 'BaseTx'],
        [tx2.id, 'AddPermissionlessValidatorTx'],
        [tx3.id, 'CreateSubnetTx'],
        [tx4.id, 'AddPermissionlessDelegatorTx'],
        [tx5.id, 'TransferSubnetOwnershipTx'],
        [tx6.id, 'ExportTx'],
        [tx7.id, 'CreateChainTx'],
        [tx8.id, 'ConvertSubnetToL1Tx'],
        [tx9.id, 'IncreaseL1ValidatorBalanceTx'],
        [tx10.id, 'AddPermissionlessDelegatorTx'],
        [xtx1.id, 'ImportTx'],
        [xv1.id, 'CreateAssetTx'],
        [xv2.id, 'BaseTx'],
      ]),
    );
  });

  test('vertices (4.18): the DAG era from the index, stop vertex included, with accept index, height, parents and acceptance time', async () => {
    const body = await get('/v1/networks/fuji/blockchains/x-chain/vertices?pageSize=10');
    const got = body.vertices.map((v: Record<string, unknown>) => [
      v.vertexHash,
      v.vertexIndex,
      v.vertexHeight,
      v.parentHashes,
      v.vertexTimestamp,
      v.txCount,
      v.transactions,
      v.vertexSizeBytes,
    ]);
    expect(got.sort((a: number[], b: number[]) => Number(a[1]) - Number(b[1]))).toEqual(
      X_VERTICES.map((v, i) => [
        v.id,
        i,
        i,
        v.parents,
        Number(v.acceptedAt),
        v.txs.length,
        v.txs.map((t) => t.id),
        v.bytes.length,
      ]),
    );
    const [cursor] = await db.query<{ height: bigint; block_hash: string }>(
      `SELECT height, block_hash FROM sync_state WHERE chain_key = 'x-chain-dag:fuji'`,
    );
    expect(cursor).toEqual({ height: 2n, block_hash: X_VERTICES[2]!.id });
  });

  test("balances (4.6) of a DAG-era asset: CreateAssetTx's initial output, split by the next vertex", async () => {
    const [asset] = await db.query<{
      asset_id: string;
      name: string;
      symbol: string;
      denomination: number;
      type: string;
    }>('SELECT asset_id, name, symbol, denomination, type::text AS type FROM asset WHERE asset_id = $1', [xv1.id]);
    expect(asset).toEqual({ asset_id: xv1.id, name: 'Test Token', symbol: 'TT', denomination: 2, type: 'secp256k1' });
    expect(await balances('x-chain', ADDRESS.A, T0 - 2_500n, xv1.id)).toEqual({ unlocked: ['1000000', 1] });
    expect(await balances('x-chain', ADDRESS.A, T0 - 1_500n, xv1.id)).toEqual({ unlocked: ['750000', 1] });
    expect(await balances('x-chain', ADDRESS.B, T0 - 1_500n, xv1.id)).toEqual({ unlocked: ['250000', 1] });
    const [spent] = await db.query<{ consuming_tx_hash: string; block_number: bigint }>(
      'SELECT consuming_tx_hash, block_number FROM utxo WHERE tx_hash = $1 AND output_index = 0',
      [xv1.id],
    );
    expect(spent).toEqual({ consuming_tx_hash: xv2.id, block_number: 0n });
  });

  test('a block the node refused once (HTTP 503) is fetched again', () => {
    expect(node.failOnce.size).toBe(0);
    expect(lines.some((line) => line.includes('HTTP 503') && line.includes('retry 1'))).toBe(true);
  });

  test('balances (4.6): address A on the P-Chain before and after its validation started', async () => {
    expect(await balances('p-chain', ADDRESS.A, T0 + 50n)).toEqual({ unlockedUnstaked: [nano('1000'), 1] });
    // tx9's change, and the 600 AVAX stake of tx2 (staked from T0+100)
    expect(await balances('p-chain', ADDRESS.A, T0 + 450n)).toEqual({
      unlockedUnstaked: [nano('298.44'), 1],
      unlockedStaked: [nano('600'), 1],
    });
  });

  test("balances (4.6): address B's platform-locked, stakeable-locked and locked-staked outputs, before and after the platform lock", async () => {
    expect(await balances(P_CHAIN_ID, ADDRESS.B, T0 + 250n)).toEqual({
      lockedPlatform: [nano('500'), 1],
      lockedStakeable: [nano('200'), 1],
      lockedStaked: [nano('100'), 1],
    });
    expect(await balances('p-chain', ADDRESS.B, T0 + 15_000n)).toEqual({
      unlockedUnstaked: [nano('500'), 1],
      lockedStakeable: [nano('200'), 1],
      lockedStaked: [nano('100'), 1],
    });
  });

  test("balances (4.6): an export waits in the X-Chain's atomic memory until the X-Chain imports it", async () => {
    expect(await balances('x-chain', ADDRESS.C, T0 + 320n)).toEqual({ atomicMemoryUnlocked: [nano('100'), 1] });
    expect(await balances('x-chain', ADDRESS.C, T0 + 360n)).toEqual({ unlocked: [nano('99.999'), 1] });
    expect(await balances('p-chain', ADDRESS.C, T0 + 450n)).toEqual({ unlockedStaked: [nano('50'), 1] });
  });

  test('subnets (4.4): owners after TransferSubnetOwnershipTx, the L1 conversion, the chain with its genesis', async () => {
    const body = await get('/v1/networks/fuji/subnets?pageSize=10');
    const subnet = body.subnets.find((s: { subnetId: string }) => s.subnetId === tx3.id);
    expect(subnet).toMatchObject({
      createBlockTimestamp: Number(T0 + 100n),
      createBlockIndex: '1',
      ownerAddresses: [ADDRESS.B, ADDRESS.C],
      threshold: 2,
      locktime: 0,
      subnetOwnershipInfo: { locktime: 0, threshold: 2, addresses: [ADDRESS.B, ADDRESS.C] },
      isL1: true,
      l1ConversionTransactionHash: tx8.id,
      l1ValidatorManagerDetails: { blockchainId: tx7.id, contractAddress: MANAGER_ADDRESS },
    });
    expect(subnet.blockchains).toHaveLength(1);
    expect(subnet.blockchains[0]).toMatchObject({
      blockchainId: tx7.id,
      subnetId: tx3.id,
      blockchainName: 'Test L1',
      vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
      createBlockNumber: '3',
      createBlockTimestamp: Number(T0 + 300n),
      evmChainId: 99999,
      genesisData: { config: { chainId: 99999, feeConfig: { gasLimit: 8000000 } }, gasLimit: '0x7A1200' },
    });
  });

  test('validators (4.5): the primary-network validation with its BLS key, delegations and uptime', async () => {
    const body = await get(`/v1/networks/fuji/validators?nodeIds=${NODE.N1}`);
    expect(body.validators).toHaveLength(1);
    expect(body.validators[0]).toMatchObject({
      txHash: tx2.id,
      nodeId: NODE.N1,
      subnetId: P_CHAIN_ID,
      amountStaked: nano('600'),
      delegationFee: '2.0000',
      startTimestamp: Number(T0 + 100n),
      endTimestamp: Number(VALIDATOR_END),
      blsCredentials: { publicKey: BLS.N1.publicKey, proofOfPossession: BLS.N1.proofOfPossession },
      delegatorCount: 2,
      amountDelegated: nano('150'),
      validationStatus: 'active',
      potentialRewards: { rewardAddresses: [ADDRESS.A] },
      // The indexing node's view of N1 (info.peers): connected, benched on the X-Chain.
      avalancheGoVersion: 'avalanchego/1.13.2',
      validatorHealth: {
        reachabilityPercent: 100,
        benchedPChainRequestsPercent: 0,
        benchedXChainRequestsPercent: 100,
        benchedCChainRequestsPercent: 0,
      },
    });
    // uptime (GraphQL-only in the answer) as the node reported it; seconds over the 300 s from start to the chain time of the refresh (T0+400)
    const [row] = await db.query<{
      is_connected: boolean;
      weight: bigint;
      uptime_percentage: string;
      uptime_seconds: bigint;
    }>(
      'SELECT is_connected, weight, uptime_percentage::text AS uptime_percentage, uptime_seconds FROM validator WHERE validation_id = $1',
      [tx2.id],
    );
    expect(row).toEqual({
      is_connected: true,
      weight: 750n * AVAX,
      uptime_percentage: '98.5000',
      uptime_seconds: 295n,
    });
  });

  test("validators: the version and benched chains of each validating node, from the node's peer list", async () => {
    const rows = await db.query<{ node_id: string; avalanche_go_version: string | null; benched_chain_ids: string[] }>(
      'SELECT node_id, avalanche_go_version, benched_chain_ids FROM validator WHERE network = $1 ORDER BY node_id',
      ['fuji'],
    );
    // N2 (the L1 validator) is not among the peers: benched nowhere, no version known.
    expect(rows).toEqual(
      [
        { node_id: NODE.N1, avalanche_go_version: 'avalanchego/1.13.2', benched_chain_ids: [X_CHAIN_ID] },
        { node_id: NODE.N2, avalanche_go_version: null, benched_chain_ids: [] },
      ].sort((a, b) => (a.node_id < b.node_id ? -1 : 1)),
    );
  });

  test('validators: the L1 validator of ConvertSubnetToL1Tx, its remaining fee balance as the node reports it (not a validator of 4.5, which lists those with an end)', async () => {
    const [row] = await db.query<{
      tx_hash: string;
      node_id: string;
      amount_staked: string;
      start_timestamp: bigint;
      bls_public_key: string;
      validation_id: string;
      l1_balance: string;
      is_active: boolean;
      is_l1_validator: boolean;
      uptime_percentage: string;
      is_connected: boolean;
    }>(
      `SELECT tx_hash, node_id, amount_staked::text AS amount_staked, start_timestamp, bls_public_key, validation_id, l1_balance::text AS l1_balance, is_active, is_l1_validator,
        uptime_percentage::text AS uptime_percentage, is_connected FROM validator WHERE subnet_id = $1`,
      [tx3.id],
    );
    expect(row).toEqual({
      tx_hash: tx8.id,
      node_id: NODE.N2,
      amount_staked: '100',
      start_timestamp: T0 + 400n,
      bls_public_key: BLS.N2.publicKey,
      validation_id: L1_VALIDATION_ID,
      l1_balance: nano('1.4'),
      is_active: true,
      is_l1_validator: true,
      uptime_percentage: '100.0000',
      is_connected: false,
    });
    expect((await get(`/v1/networks/fuji/validators?subnetId=${tx3.id}`)).validators).toEqual([]);
  });

  test("pending rewards (4.14): the validator's, and each delegation's split by the 2 % fee", async () => {
    const body = await get(`/v1/networks/fuji/rewards:listPending?nodeIds=${NODE.N1}&pageSize=10`);
    const got = body.pendingRewards.map(
      (r: { txHash: string; rewardType: string; estimatedReward: { amount: string }; addresses: string[] }) => [
        r.txHash,
        r.rewardType,
        r.estimatedReward.amount,
        r.addresses,
      ],
    );
    // tx4: 50,000,000 × 98 % = 49,000,000 to B, 1,000,000 fee to B; tx10: 1 AVAX × 98 % = 980,000,000 to C, 20,000,000 to B
    expect(new Set(got.map((g: unknown[]) => JSON.stringify(g)))).toEqual(
      new Set(
        [
          [tx2.id, 'VALIDATOR', '7000000000', [ADDRESS.A]],
          [tx4.id, 'DELEGATOR', '49000000', [ADDRESS.B]],
          [tx4.id, 'VALIDATOR_FEE', '1000000', [ADDRESS.B]],
          [tx10.id, 'DELEGATOR', '980000000', [ADDRESS.C]],
          [tx10.id, 'VALIDATOR_FEE', '20000000', [ADDRESS.B]],
        ].map((g) => JSON.stringify(g)),
      ),
    );
  });
});

describe('second run: the node at P-Chain height 8 and X-Chain height 1', () => {
  beforeAll(async () => {
    await service?.close();
    node.heads.P = 8;
    node.heads.X = 1;
    node.currentValidators = [validatorN1([delegator10], 650n * AVAX), l1Validator];
    lines.length = 0;
    await indexOnce(db, config(node.url), lines);
    service = await startTestService(db, { clock: () => Number(T0 + 900_000n) });
  }, 120_000);

  test('resumes after the stored cursors and writes the proposal and commit blocks', async () => {
    expect(lines.some((line) => line.includes('p-chain:fuji: resuming after block 4'))).toBe(true);
    const blocks = await db.query<{ block_number: bigint; block_type: string; transactions: string[] }>(
      'SELECT block_number, block_type, transactions FROM primary_network_block WHERE blockchain_id = $1 AND block_number > 4 ORDER BY block_number',
      [P_CHAIN_ID],
    );
    expect(blocks.map((b) => [Number(b.block_number), b.block_type, b.transactions])).toEqual([
      [5, 'BanffProposalBlock', [rewardTx.id]],
      [6, 'BanffCommitBlock', []],
      [7, 'BanffStandardBlock', [tx11.id, tx12.id]],
      [8, 'BanffStandardBlock', [tx13.id]],
    ]);
    const cursors = await db.query<{ chain_key: string; height: bigint }>(
      'SELECT chain_key, height FROM sync_state ORDER BY chain_key',
    );
    expect(cursors.map((c) => [c.chain_key, Number(c.height)])).toEqual([
      ['p-chain:fuji', 8],
      ['x-chain-dag:fuji', 2],
      ['x-chain:fuji', 1],
    ]);
  });

  test("the committed RewardValidatorTx pays the delegator's reward UTXO and ends the delegation", async () => {
    const [delegation] = await db.query<{ reward_tx_hash: string; delegator_reward_amount: string }>(
      'SELECT reward_tx_hash, delegator_reward_amount::text AS delegator_reward_amount FROM delegation WHERE tx_hash = $1',
      [tx4.id],
    );
    expect(delegation).toEqual({ reward_tx_hash: rewardTx.id, delegator_reward_amount: REWARD.toString() });
    const [validator] = await db.query<{ weight: bigint; delegator_count: number }>(
      'SELECT weight, delegator_count FROM validator WHERE validation_id = $1',
      [tx2.id],
    );
    expect(validator).toEqual({ weight: 650n * AVAX, delegator_count: 2 });
  });

  test("UTXOs (4.7): B's reward UTXO, and with includeSpent the output tx4 spent", async () => {
    const all = await get(
      `/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${ADDRESS.B}&includeSpent=true&sortBy=timestamp&sortOrder=asc`,
    );
    const list = all.utxos.map((u: Record<string, unknown>) => [
      u.txHash,
      u.outputIndex,
      u.amount,
      u.utxoType,
      u.rewardType ?? null,
      u.staked,
      u.consumingTxHash ?? null,
    ]);
    // timestamp order; outputs of one block tie on time and follow their UTXO IDs, so compare per block
    expect(list.map((u: unknown[]) => u[0])).toEqual([tx1.id, tx1.id, tx4.id, tx4.id, tx4.id]);
    expect(list.map((u: unknown[]) => JSON.stringify(u)).sort()).toEqual(
      [
        [tx1.id, 1, nano('500'), 'TRANSFER', null, false, null],
        [tx1.id, 2, nano('300'), 'TRANSFER', null, false, tx4.id],
        [tx4.id, 0, nano('200'), 'TRANSFER', null, false, null],
        [tx4.id, 1, nano('100'), 'STAKE', null, true, null],
        [tx4.id, 2, REWARD.toString(), 'TRANSFER', 'DELEGATOR', false, null],
      ]
        .map((u) => JSON.stringify(u))
        .sort(),
    );
    const unspent = await get(`/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${ADDRESS.B}`);
    expect(
      unspent.utxos.map((u: { txHash: string; outputIndex: number }) => `${u.txHash}#${u.outputIndex}`).sort(),
    ).toEqual([`${tx1.id}#1`, `${tx4.id}#0`, `${tx4.id}#1`, `${tx4.id}#2`].sort());
  });

  test('balances (4.6): B after the delegation ended and the locks expired holds 800.049 AVAX unlocked', async () => {
    expect(await balances('p-chain', ADDRESS.B, T0 + 900_000n)).toEqual({ unlockedUnstaked: [nano('800.049'), 4] });
  });

  test("pending rewards (4.14): the rewarded delegation's are gone, the others stay", async () => {
    const body = await get(`/v1/networks/fuji/rewards:listPending?nodeIds=${NODE.N1}&pageSize=10`);
    expect(
      body.pendingRewards.map((r: { txHash: string; rewardType: string }) => `${r.txHash} ${r.rewardType}`).sort(),
    ).toEqual([`${tx2.id} VALIDATOR`, `${tx10.id} DELEGATOR`, `${tx10.id} VALIDATOR_FEE`].sort());
  });

  test('validators: the L1 validator registered by Warp message, the converted one removed by weight 0 (its removal transaction kept), the registered one disabled', async () => {
    const rows = await db.query<{
      tx_hash: string;
      node_id: string;
      validation_id: string;
      weight: bigint;
      bls_public_key: string;
      removed_at_block_index: bigint | null;
      removed_timestamp: bigint | null;
      remove_tx_hash: string | null;
      is_active: boolean;
      l1_balance: string;
    }>(
      `SELECT tx_hash, node_id, validation_id, weight, bls_public_key, removed_at_block_index, removed_timestamp, remove_tx_hash, is_active, l1_balance::text AS l1_balance
       FROM validator WHERE subnet_id = $1 ORDER BY block_index`,
      [tx3.id],
    );
    const removal = await db.query<{ tx_hash: string }>(
      `SELECT tx_hash FROM primary_network_transaction WHERE tx_type = 'SetL1ValidatorWeightTx' AND block_number = 7`,
    );
    expect(removal).toHaveLength(1);
    expect(rows).toEqual([
      // removed while active: what was left of its balance went back to its owner (the next test)
      {
        tx_hash: tx8.id,
        node_id: NODE.N2,
        validation_id: L1_VALIDATION_ID,
        weight: 0n,
        bls_public_key: BLS.N2.publicKey,
        removed_at_block_index: 7n,
        removed_timestamp: DELEGATION_END + 100n,
        remove_tx_hash: removal[0]!.tx_hash,
        is_active: false,
        l1_balance: '0',
      },
      {
        tx_hash: tx11.id,
        node_id: NODE.N3,
        validation_id: L1_REGISTERED_VALIDATION_ID,
        weight: 40n,
        bls_public_key: BLS.N3.publicKey,
        removed_at_block_index: null,
        removed_timestamp: null,
        remove_tx_hash: null,
        is_active: false,
        l1_balance: '0',
      },
    ]);
  });

  test("L1 validator fees (ACP-77): each P-Chain block's accrued fees and active L1 validators; removal and disable refund the rest of the balance", async () => {
    // Fuji's fee: 512 nAVAX per validator per second while fewer than 10,000 are active (no excess),
    // so the fees accrued since the first indexed block (which has no parent time) are 512 × its age.
    const accrued = (h: number) => (P_BLOCKS[h]!.time - P_BLOCKS[0]!.time) * 512n;
    // active: N2 from h4 (converted with 1 AVAX, topped up by 0.5); h7 registers N3 and removes N2; h8 disables N3
    const active = [0, 0, 0, 0, 1, 1, 1, 1, 0];
    const blocks = await db.query<{ block_number: bigint; fees: string; active: number }>(
      'SELECT block_number, l1_validators_accrued_fees::text AS fees, active_l1_validators AS active FROM primary_network_block WHERE blockchain_id = $1 ORDER BY block_number',
      [P_CHAIN_ID],
    );
    expect(blocks.map((b) => [Number(b.block_number), b.fees, b.active])).toEqual(
      active.map((n, h) => [h, accrued(h).toString(), n]),
    );
    const body = await get(`/v1/networks/fuji/blockchains/p-chain/nodes/${NODE_OF_N1}/blocks?pageSize=20`);
    expect(
      body.blocks.map((b: { blockNumber: string; l1ValidatorsAccruedFees: number; activeL1Validators: number }) => [
        Number(b.blockNumber),
        b.l1ValidatorsAccruedFees,
        b.activeL1Validators,
      ]),
    ).toEqual([8, 7, 5, 4, 3, 2, 1, 0].map((h) => [h, Number(accrued(h)), active[h]]));
    // The balance runs out at (balance + fees accrued when it started); what is left returns as a UTXO after the tx's outputs.
    const n2Left = AVAX + AVAX / 2n + accrued(4) - accrued(7);
    const n3Left = 2n * AVAX + accrued(7) - accrued(8);
    const utxos = await get(`/v1/networks/fuji/blockchains/p-chain/utxos?addresses=${ADDRESS.A}&pageSize=100`);
    expect(
      utxos.utxos
        .filter((u: { txHash: string }) => u.txHash === tx12.id || u.txHash === tx13.id)
        .map((u: Record<string, unknown>) => [u.txHash, u.outputIndex, u.amount, u.utxoType])
        .sort(),
    ).toEqual(
      [
        [tx12.id, 0, n2Left.toString(), 'TRANSFER'],
        [tx13.id, 0, n3Left.toString(), 'TRANSFER'],
      ].sort(),
    );
  });

  test("L1 validator fee events: a validation pays from its registration to its removal or disable, at the blocks' counters; its periods add up to the fees charged", async () => {
    const accrued = (h: number) => ((P_BLOCKS[h]!.time - P_BLOCKS[0]!.time) * 512n).toString();
    const event = (validationId: string, nodeId: string, h: number, txOrder: number, kind: string) => ({
      validationId,
      subnetId: tx3.id,
      nodeId,
      height: h,
      txOrder,
      kind,
      accrued: accrued(h),
      time: Number(P_BLOCKS[h]!.time),
    });
    const rows = await db.query<Record<string, unknown>>(
      `SELECT validation_id, subnet_id, node_id, block_index, tx_order, kind::text AS kind, accrued_fees::text AS accrued, block_timestamp
         FROM l1_validator_fee_event WHERE network = 'fuji' ORDER BY block_index, tx_order`,
    );
    expect(
      rows.map((r) => ({
        validationId: r.validation_id,
        subnetId: r.subnet_id,
        nodeId: r.node_id,
        height: Number(r.block_index),
        txOrder: r.tx_order,
        kind: r.kind,
        accrued: r.accrued,
        time: Number(r.block_timestamp),
      })),
    ).toEqual([
      // h4: tx8 converts the subnet with N2 paying; tx9 tops up N2 while it pays (no new period)
      event(L1_VALIDATION_ID, NODE.N2, 4, 0, 'start'),
      // h7: tx11 registers N3 with 2 AVAX, tx12 sets N2's weight to 0
      event(L1_REGISTERED_VALIDATION_ID, NODE.N3, 7, 0, 'start'),
      event(L1_VALIDATION_ID, NODE.N2, 7, 1, 'stop'),
      // h8: tx13 disables N3
      event(L1_REGISTERED_VALIDATION_ID, NODE.N3, 8, 0, 'stop'),
    ]);
    // Independent check: the periods' lengths add up to the fees total the blocks carry.
    const paid = rows.reduce((sum, r) => sum + (r.kind === 'stop' ? 1n : -1n) * BigInt(String(r.accrued)), 0n);
    const [last] = await db.query<{ total: string }>(
      `SELECT l1_validator_fees_total::text AS total FROM primary_network_block
        WHERE network = 'fuji' AND blockchain_id = $1 ORDER BY block_number DESC LIMIT 1`,
      [P_CHAIN_ID],
    );
    expect(paid).toBe(BigInt(last!.total));
    expect(paid).toBeGreaterThan(0n);
  });

  test('L1 validator fee events: the one-time backfill replays the stored transactions into the events the indexer wrote', async () => {
    const read = () =>
      db.query<Record<string, unknown>>(
        `SELECT network::text AS network, validation_id, subnet_id, node_id, block_index, tx_order, kind::text AS kind,
                accrued_fees::text AS accrued, block_timestamp
           FROM l1_validator_fee_event ORDER BY network, validation_id, block_index, tx_order`,
      );
    const written = await read();
    expect(written.length).toBeGreaterThan(0);
    // A database indexed before the events existed: none, and the migration's marker.
    await db.query('DELETE FROM l1_validator_fee_event');
    await createSettings(db).set('l1FeeEventsBackfill', true);
    expect(await backfillL1FeeEvents(db)).toBe(written.length);
    expect(await read()).toEqual(written);
  });

  test("supply totals: the last blocks carry the history's burns, L1 validator fees and rewards, worked out again from every transaction", async () => {
    const last = async (chainId: string) =>
      (
        await db.query<{ burned: string; l1: string; rewards: string; accrued: string }>(
          `SELECT burned_total::text AS burned, l1_validator_fees_total::text AS l1, rewards_total::text AS rewards,
                  l1_validators_accrued_fees::text AS accrued
             FROM primary_network_block WHERE network = 'fuji' AND blockchain_id = $1 ORDER BY block_number DESC LIMIT 1`,
          [chainId],
        )
      )[0]!;
    const p = await last(P_CHAIN_ID);
    // L1 validator fees charged: what went into the balances, less what came back, less what is left.
    const { deposited, refunded } = await l1BalanceFlowsByBruteForce(db, 'fuji');
    const [left] = await db.query<{ left: string }>(
      `SELECT coalesce(sum(l1_end_accumulated_fee - $1::numeric), 0)::text AS left FROM validator
        WHERE network = 'fuji' AND l1_end_accumulated_fee > 0`,
      [p.accrued],
    );
    const l1Fees = deposited - refunded - BigInt(left!.left);
    expect(l1Fees).toBeGreaterThan(0n);
    const pBurned = (await chainBurnedByBruteForce(db, 'fuji', P_CHAIN_ID, 'P', AVAX_ASSET_ID)) + l1Fees;
    const rewards = await rewardsByBruteForce(db, 'fuji');
    expect(rewards).toBeGreaterThan(0n);
    expect(p).toMatchObject({ burned: String(pBurned), l1: String(l1Fees), rewards: String(rewards) });
    const xBurned = await chainBurnedByBruteForce(db, 'fuji', X_CHAIN_ID, 'X', AVAX_ASSET_ID);
    expect(xBurned).toBeGreaterThan(0n);
    expect(await last(X_CHAIN_ID)).toMatchObject({ burned: String(xBurned), l1: '0', rewards: '0' });
  });

  test('blocks by proposer (4.17): the P-Chain blocks N1 signed, newest first, with their proposervm details; the commit option has none', async () => {
    const body = await get(`/v1/networks/fuji/blockchains/p-chain/nodes/${NODE_OF_N1}/blocks?pageSize=20`);
    const heights = [8, 7, 5, 4, 3, 2, 1, 0];
    expect(body.blocks.map((b: { blockNumber: string }) => Number(b.blockNumber))).toEqual(heights);
    expect(body.blocks.map((b: { proposerDetails: unknown }) => b.proposerDetails)).toEqual(
      heights.map((h) => ({
        proposerId: P_WRAPPED[h]!.proposerId,
        proposerParentId: P_WRAPPED[h]!.parentId,
        proposerNodeId: NODE_OF_N1,
        proposerPChainHeight: h > 0 ? h - 1 : 0,
        proposerTimestamp: Number(P_BLOCKS[h]!.time),
      })),
    );
    expect(body.blocks[0]).toMatchObject({
      blockHash: P_BLOCKS[8]!.id,
      parentHash: P_BLOCKS[7]!.id,
      blockType: 'BanffStandardBlock',
      txCount: 1,
      transactions: [tx13.id],
      blockTimestamp: Number(P_BLOCKS[8]!.time),
    });
    const [commit] = await db.query<{ proposer_id: string | null }>(
      'SELECT proposer_id FROM primary_network_block WHERE blockchain_id = $1 AND block_number = 6',
      [P_CHAIN_ID],
    );
    expect(commit!.proposer_id).toBeNull();
    const x = await get(`/v1/networks/fuji/blockchains/x-chain/nodes/${nodeIdOf(CERTIFICATE.N2)}/blocks`);
    expect(
      x.blocks.map(
        (b: { blockHash: string; proposerDetails: { proposerId: string; proposerPChainHeight: number } }) => [
          b.blockHash,
          b.proposerDetails.proposerId,
          b.proposerDetails.proposerPChainHeight,
        ],
      ),
    ).toEqual([[X_BLOCKS[0]!.id, X_WRAPPED[0]!.proposerId, 4]]);
    // X-Chain block 1 was built outside any proposer window: a proposervm ID, no proposer
    const [unsigned] = await db.query<{ proposer_id: string; proposer_node_id: string | null }>(
      'SELECT proposer_id, proposer_node_id FROM primary_network_block WHERE blockchain_id = $1 AND block_number = 1',
      [X_CHAIN_ID],
    );
    expect(unsigned).toEqual({ proposer_id: X_WRAPPED[1]!.proposerId, proposer_node_id: null });
  });

  test('UTXOs (4.7) on the X-Chain: the imported output spent by the next block, its two new outputs', async () => {
    const c = await get(`/v1/networks/fuji/blockchains/x-chain/utxos?addresses=${ADDRESS.C}&includeSpent=true`);
    // X-Chain UTXOs in the official `Utxo` shape: creationTxHash, outputIndex as text, the amount in `asset`.
    expect(
      c.utxos
        .map((u: Record<string, any>) => [u.creationTxHash, u.outputIndex, u.asset.amount, u.consumingTxHash ?? null])
        .sort(),
    ).toEqual(
      [
        [tx6.id, '1', nano('100'), xtx1.id],
        [xtx1.id, '0', nano('99.999'), xtx2.id],
        [xtx2.id, '1', nano('49.998'), null],
      ].sort(),
    );
    expect(await balances('x-chain', ADDRESS.A, T0 + 600n)).toEqual({ unlocked: [nano('50'), 1] });
  });
});
