// The primary network's genesis state (genesisFile): the indexer against a fake avalanchego node
// whose chains start from the made-up genesis of test/fixtures/avalanchego/genesisSmall.json
// (genesisChains.ts lists every amount and time); expected values are worked out by hand from
// that file. IDs: avalanchego's own test vectors (genesis/genesis_test.go) for the local network.
import { sha256 } from '@noble/hashes/sha2.js';
import { utils } from '@avalabs/avalanchejs';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import {
  buildAvaxAssetTx,
  buildGenesisTxs,
  endTimeHeapOrder,
  splitAllocations,
} from '../../indexer/primary-network/genesis/buildGenesisTxs';
import type { GenesisConfig } from '../../indexer/primary-network/genesis/readGenesisConfig';
import { resumeLedger } from '../../indexer/primary-network/apply/supplyLedger';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import {
  ADDRESS,
  AVAX,
  DAY,
  DELEGATION_END,
  DELEGATION_START,
  G0,
  GENESIS_AVAX,
  GENESIS_FILE,
  GENESIS_P_BLOCKS,
  GENESIS_X_BLOCKS,
  N2_BLS_PUBLIC_KEY,
  NODE,
  P_CHAIN_ID,
  avaxAssetIdByHand,
  delegate,
  refuseDelegation,
  spend,
} from '../fixtures/avalanchego/genesisChains';
import { indexOnce } from './support/indexOnce';

// genesis_local.json of avalanchego: the X-Chain holders (ETH address, AVAX address, initialAmount) and the staked allocation.
const LOCAL_ETH = Buffer.from('b3d82b1367d362de99ab59a658165aff520cbd4d', 'hex');
const localAddress = (bech32: string) => Buffer.from(utils.bech32ToBytes(bech32));
const LOCAL_HOLDERS = [
  {
    eth: LOCAL_ETH,
    address: localAddress('X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u'),
    amount: 300_000_000_000_000_000n,
  },
  {
    eth: LOCAL_ETH,
    address: localAddress('X-local1ur873jhz9qnaqv5qthk5sn3e8nj3e0kmggalnu'),
    amount: 10_000_000_000_000_000n,
  },
];
const localConfig = (): GenesisConfig => {
  const staker = localAddress('X-local1g65uqn6t77p656w64023nh8nd9updzmxyymev2');
  return {
    networkId: 12345,
    startTime: 1_721_016_000n,
    initialStakeDuration: 31_536_000n,
    initialStakeDurationOffset: 5_400n,
    cChainGenesis: '{}',
    message: '',
    allocations: [
      {
        ethAddr: LOCAL_ETH,
        avaxAddr: staker,
        initialAmount: 0n,
        unlockSchedule: [{ amount: 10_000_000_000_000_000n, locktime: 1_633_824_000n }],
      },
      ...LOCAL_HOLDERS.map((h) => ({
        ethAddr: h.eth,
        avaxAddr: h.address,
        initialAmount: h.amount,
        unlockSchedule: [],
      })),
    ],
    initialStakedFunds: [staker],
    initialStakers: [{ nodeId: new Uint8Array(20), rewardAddress: staker, delegationFee: 1_000_000 }],
  };
};

describe('buildGenesisTxs() IDs', () => {
  test("the AVAX asset ID of the local genesis is avalanchego's test vector (TestAVAXAssetID), by hand and by the builder", () => {
    expect(avaxAssetIdByHand(12345, LOCAL_HOLDERS)).toBe('2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe');
    expect(buildAvaxAssetTx(localConfig()).tx.txId).toBe('2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe');
  });

  test("the X-Chain's blockchain ID (its genesis CreateChainTx) of the local genesis is avalanchego's test vector (TestVMGenesis)", () => {
    const [xChain, cChain] = buildGenesisTxs(localConfig()).chainTxs;
    expect(xChain!.txId).toBe('2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed');
    expect(cChain!.txType).toBe('CreateChainTx');
  });
});

describe('splitAllocations()', () => {
  const allocation = (amounts: [bigint, bigint][]) => ({
    ethAddr: new Uint8Array(20),
    avaxAddr: new Uint8Array(20),
    initialAmount: 0n,
    unlockSchedule: amounts.map(([amount, locktime]) => ({ amount, locktime })),
  });
  test('equal runs of total / stakers, an unlock cut where a run fills, the last run takes the remainder', () => {
    const runs = splitAllocations(
      [
        allocation([
          [2000n, 0n],
          [1001n, 9n],
        ]),
      ],
      2,
    ).map((run) => run.map((p) => [p.unlock.amount, p.unlock.locktime]));
    // total 3001, weight 1500: [1500 of the first], then [500 of the first, all 1001 of the second]
    expect(runs).toEqual([
      [[1500n, 0n]],
      [
        [500n, 0n],
        [1001n, 9n],
      ],
    ]);
  });
});

describe('parseIndexerConfig() genesisFile', () => {
  const entry = (extra: Record<string, unknown>) =>
    JSON.stringify({ primaryNetwork: [{ network: 'fuji', nodeUrl: 'http://127.0.0.1:9650', ...extra }] });
  test('the file is read at start; amounts beyond 2^53 stay exact', () => {
    const [network] = parseIndexerConfig(entry({ genesisFile: GENESIS_FILE })).primaryNetwork;
    expect(network!.genesis!.file).toBe(GENESIS_FILE);
    expect(network!.genesis!.config.allocations.map((a) => a.initialAmount)).toEqual([
      5000n * AVAX,
      0n,
      300_000_000_000_000_001n,
      0n,
    ]);
    expect(network!.genesis!.config.startTime).toBe(G0);
  });

  test.each([
    [
      { genesisFile: 7 },
      "Validation failed: primaryNetwork[0].genesisFile=7, expected the path of avalanchego's genesis config JSON",
    ],
    [
      { genesisFile: '/nonexistent/genesis.json' },
      'Validation failed: primaryNetwork[0].genesisFile="/nonexistent/genesis.json" cannot be read (ENOENT), expected a readable avalanchego genesis config (JSON)',
    ],
  ])('error: %j', (extra, message) => {
    expect(() => parseIndexerConfig(entry(extra))).toThrow(message);
  });

  test('error: the genesis of another network', () => {
    const text = JSON.stringify({
      primaryNetwork: [{ network: 'mainnet', nodeUrl: 'http://127.0.0.1:9650', genesisFile: GENESIS_FILE }],
    });
    expect(() => parseIndexerConfig(text)).toThrow(
      `Validation failed: primaryNetwork[0].genesisFile (${GENESIS_FILE}): networkID=5, expected 1, the ID of mainnet (the genesis of the network this entry follows)`,
    );
  });
});

describe('indexing from the genesis (fake node, genesisSmall.json)', () => {
  let node: FakeAvalanchego;
  let db: Database;
  let service: TestService | undefined;
  const lines: string[] = [];
  const nano = (avax: string) => {
    const [whole, fraction = ''] = avax.split('.');
    return (BigInt(whole!) * AVAX + BigInt(fraction.padEnd(9, '0'))).toString();
  };
  const get = async (path: string) => {
    const response = await service!.request(path);
    expect(response.status).toBe(200);
    return response.body;
  };
  /** The genesis AVAX entries of a balances answer: category → [amount, utxoCount]. */
  const balances = async (chain: string, address: string, at: bigint) => {
    const body = await get(`/v1/networks/fuji/blockchains/${chain}/balances?addresses=${address}&blockTimestamp=${at}`);
    const entries = Object.entries(
      body.balances as Record<string, { assetId: string; amount: string; utxoCount: number }[]>,
    )
      .map(([category, list]) => [category, list.find((e) => e.assetId === GENESIS_AVAX)] as const)
      .filter(([, e]) => e !== undefined);
    return Object.fromEntries(entries.map(([category, e]) => [category, [e!.amount, e!.utxoCount]]));
  };

  beforeAll(async () => {
    [node, db] = await Promise.all([
      startFakeAvalanchego({ P: 1, X: 0 }, { P: GENESIS_P_BLOCKS, X: GENESIS_X_BLOCKS }),
      setupTestDatabase(),
    ]);
    const config = parseIndexerConfig(
      JSON.stringify({
        primaryNetwork: [
          {
            network: 'fuji',
            nodeUrl: node.url,
            proposers: false,
            // the fake node's vertex index is Fuji's, not this genesis's: blocks only (vertices: the describe below)
            xChainVertices: false,
            validatorRefreshMs: 0,
            pollIntervalMs: 20,
            genesisFile: GENESIS_FILE,
          },
        ],
      }),
    );
    await indexOnce(db, config, lines);
    service = await startTestService(db, { clock: () => Number(G0 + 3000n) });
  }, 120_000);

  afterAll(async () => {
    await service?.close();
    await node?.close();
    await teardown(db);
  });

  test('the genesis rows are written at height 0 of each chain, with its first block', async () => {
    const cursors = await db.query<{ chain_key: string; height: bigint }>(
      'SELECT chain_key, height FROM sync_state ORDER BY chain_key',
    );
    expect(cursors.map((c) => [c.chain_key, Number(c.height)])).toEqual([
      ['p-chain:fuji', 1],
      ['x-chain:fuji', 0],
    ]);
    const genesisUtxos = await db.query<{
      output_index: number;
      amount: string;
      block_number: bigint;
      block_timestamp: bigint;
    }>(
      'SELECT output_index, amount::text AS amount, block_number, block_timestamp FROM utxo WHERE tx_hash = $1 ORDER BY output_index',
      [P_CHAIN_ID],
    );
    // A 100, A 200 (locked), B 50; D's allocation is staked, not a genesis UTXO
    expect(genesisUtxos.map((u) => [u.output_index, u.amount, Number(u.block_number), u.block_timestamp])).toEqual([
      [0, nano('100'), 0, G0],
      [1, nano('200'), 0, G0],
      [2, nano('50'), 0, G0],
    ]);
    const chains = await db.query<{ blockchain_name: string; evm_chain_id: bigint | null }>(
      "SELECT blockchain_name, evm_chain_id FROM blockchain WHERE blockchain_name IN ('X-Chain', 'C-Chain') ORDER BY 1",
    );
    expect(chains).toEqual([
      { blockchain_name: 'C-Chain', evm_chain_id: 43113n },
      { blockchain_name: 'X-Chain', evm_chain_id: null },
    ]);
  });

  test('balances (4.6): an allocation locked until its unlock time, then unlocked; the spent genesis UTXO gone', async () => {
    expect(await balances('p-chain', ADDRESS.A, G0 + 500n)).toEqual({
      unlockedUnstaked: [nano('100'), 1],
      lockedStakeable: [nano('200'), 1],
    });
    expect(await balances('p-chain', ADDRESS.A, G0 + 3000n)).toEqual({ unlockedUnstaked: [nano('200'), 1] });
  });

  test("balances (4.6): the initial stakers' stake, locked-staked until the allocation's unlock time", async () => {
    // N1 stakes 1500 (unlocked), N2 500 (unlocked) and 1000 (locked until G0+5000)
    expect(await balances('p-chain', ADDRESS.D, G0 + 500n)).toEqual({
      unlockedStaked: [nano('2000'), 2],
      lockedStaked: [nano('1000'), 1],
    });
    expect(await balances('p-chain', ADDRESS.D, G0 + 6000n)).toEqual({ unlockedStaked: [nano('3000'), 3] });
  });

  test('balances (4.6): the X-Chain AVAX of the allocations, exact beyond 2^53', async () => {
    expect(await balances('x-chain', ADDRESS.A, G0 + 20n)).toEqual({ unlocked: [nano('5000'), 1] });
    expect(await balances('x-chain', ADDRESS.C, G0 + 20n)).toEqual({ unlocked: ['300000000000000001', 1] });
  });

  test('a block-1 transaction spending a genesis UTXO marks it consumed', async () => {
    // avalanchego's UTXO ID: SHA-256(uint64 index ‖ the empty transaction ID)
    const utxoId = utils.base58check.encode(sha256(new Uint8Array(40)));
    const [row] = await db.query<{
      utxo_id: string;
      consuming_tx_hash: string;
      consuming_block_number: bigint;
      consuming_block_timestamp: bigint;
    }>(
      'SELECT utxo_id, consuming_tx_hash, consuming_block_number, consuming_block_timestamp FROM utxo WHERE tx_hash = $1 AND output_index = 0',
      [P_CHAIN_ID],
    );
    expect(row).toEqual({
      utxo_id: utxoId,
      consuming_tx_hash: spend.id,
      consuming_block_number: 1n,
      consuming_block_timestamp: G0 + 2000n,
    });
    expect(await balances('p-chain', ADDRESS.B, G0 + 3000n)).toEqual({
      unlockedUnstaked: [nano('124.998'), 2],
      unlockedStaked: [nano('25'), 1],
    });
  });

  test('validators (4.5): a genesis validator, with the delegation block 1 adds to it', async () => {
    const body = await get(`/v1/networks/fuji/validators?nodeIds=${NODE.N1}`);
    expect(body.validators).toHaveLength(1);
    expect(body.validators[0]).toMatchObject({
      nodeId: NODE.N1,
      subnetId: P_CHAIN_ID,
      amountStaked: nano('1500'),
      delegationFee: '2.0000',
      startTimestamp: Number(G0),
      endTimestamp: Number(G0 + 31_536_000n),
      delegatorCount: 1,
      amountDelegated: nano('25'),
      validationStatus: 'active',
      potentialRewards: { rewardAddresses: [ADDRESS.A] },
    });
    const [delegation] = await db.query<{ validator_tx_hash: string; start_timestamp: bigint; end_timestamp: bigint }>(
      'SELECT validator_tx_hash, start_timestamp, end_timestamp FROM delegation WHERE tx_hash = $1',
      [delegate.id],
    );
    expect(delegation).toEqual({
      validator_tx_hash: body.validators[0].txHash,
      start_timestamp: DELEGATION_START,
      end_timestamp: DELEGATION_END,
    });
  });

  test('validators (4.5): a genesis validator with a BLS signer, its stake the rest of the split, its end earlier by the offset', async () => {
    const body = await get(`/v1/networks/fuji/validators?nodeIds=${NODE.N2}`);
    expect(body.validators).toHaveLength(1);
    expect(body.validators[0]).toMatchObject({
      nodeId: NODE.N2,
      amountStaked: nano('1500'),
      delegationFee: '100.0000',
      startTimestamp: Number(G0),
      endTimestamp: Number(G0 + 31_536_000n - 5_400n),
      blsCredentials: { publicKey: N2_BLS_PUBLIC_KEY },
      validationStatus: 'active',
      potentialRewards: { rewardAddresses: [ADDRESS.C] },
    });
  });
});

// The same X-Chain with xChainVertices, on a node whose vertex index holds the DAG era, and on one whose index is
// empty (avalanchego answers index.getLastAccepted with "no containers have been accepted").
describe.each([
  { vertices: true, cursors: ['x-chain-dag:fuji', 'x-chain:fuji'], genesisWith: 'vertex 0' },
  { vertices: false, cursors: ['x-chain:fuji'], genesisWith: 'block 0' },
])(
  "indexing from the genesis with xChainVertices, the node's vertex index holding vertices: $vertices",
  ({ vertices, cursors, genesisWith }) => {
    let node: FakeAvalanchego;
    let db: Database;

    beforeAll(async () => {
      [node, db] = await Promise.all([
        startFakeAvalanchego({ P: 1, X: 0 }, { P: GENESIS_P_BLOCKS, X: GENESIS_X_BLOCKS }),
        setupTestDatabase(),
      ]);
      node.noVertices = !vertices;
      const config = parseIndexerConfig(
        JSON.stringify({
          primaryNetwork: [
            {
              network: 'fuji',
              nodeUrl: node.url,
              chains: ['X'],
              xChainVertices: true,
              proposers: false,
              validatorRefreshMs: 0,
              genesisFile: GENESIS_FILE,
            },
          ],
        }),
      );
      await indexOnce(db, config);
    }, 120_000);

    afterAll(async () => {
      await node?.close();
      await teardown(db);
    });

    test(`the X-Chain genesis goes with ${genesisWith}: the AVAX asset and its initial outputs, in holder order`, async () => {
      expect(
        (await db.query<{ chain_key: string }>('SELECT chain_key FROM sync_state ORDER BY chain_key')).map(
          (c) => c.chain_key,
        ),
      ).toEqual(cursors);
      expect((await db.query('SELECT 1 FROM x_chain_vertex')).length > 0).toBe(vertices);
      const [asset] = await db.query<{ asset_id: string; symbol: string; denomination: number }>(
        'SELECT asset_id, symbol, denomination FROM asset WHERE asset_id = $1',
        [GENESIS_AVAX],
      );
      expect(asset).toEqual({ asset_id: GENESIS_AVAX, symbol: 'AVAX', denomination: 9 });
      // holders ordered by amount: A (5000 AVAX) is output 0, C output 1
      const outputs = await db.query<{ output_index: number; amount: string }>(
        'SELECT output_index, amount::text AS amount FROM utxo WHERE tx_hash = $1 ORDER BY output_index',
        [GENESIS_AVAX],
      );
      expect(outputs).toEqual([
        { output_index: 0, amount: (5000n * AVAX).toString() },
        { output_index: 1, amount: '300000000000000001' },
      ]);
    });
  },
);

// avalanchego's reward calculator (vms/platformvm/reward/calculator.go, before Helicon), transcribed
// here in its own units (nanoseconds) with Fuji's reward.Config (genesis/genesis_fuji.go): 12 % / 10 %,
// a 365-day minting period, a 720M AVAX cap.
function fujiReward(stakedAmount: bigint, stakedSeconds: bigint, currentSupply: bigint): bigint {
  const NS = 1_000_000_000n;
  const [maxRate, minRate, mintingPeriod, supplyCap] = [120_000n, 100_000n, 365n * DAY * NS, 720_000_000n * AVAX];
  const duration = stakedSeconds * NS;
  const numerator = (maxRate - minRate) * duration + minRate * mintingPeriod;
  const denominator = mintingPeriod * 1_000_000n;
  const remaining = supplyCap - currentSupply;
  const reward = (remaining * numerator * stakedAmount * duration) / denominator / currentSupply / mintingPeriod;
  return reward < remaining ? reward : remaining;
}

describe('the current supply followed from the genesis (genesisSmall.json, 4.17 currentSupply)', () => {
  let node: FakeAvalanchego;
  let db: Database;
  // Every allocation, staked or not, X-Chain or P-Chain (genesisSmall.json).
  const INITIAL = 5300n * AVAX + 50n * AVAX + 300_000_000_000_000_001n + 3000n * AVAX;
  const YEAR = 31_536_000n;
  // The initial stakers enter in the node's genesis order: N2 (its end is earlier by the offset) before N1.
  const afterN2 = INITIAL + fujiReward(1500n * AVAX, YEAR - 5_400n, INITIAL);
  const genesisSupply = afterN2 + fujiReward(1500n * AVAX, YEAR, afterN2);
  const delegationReward = fujiReward(25n * AVAX, DELEGATION_END - DELEGATION_START, genesisSupply);
  const lines: string[] = [];
  const supplies = async () =>
    (
      await db.query<{ block_number: bigint; current_supply: string }>(
        'SELECT block_number, current_supply::text AS current_supply FROM primary_network_block WHERE blockchain_id = $1 ORDER BY block_number',
        [P_CHAIN_ID],
      )
    ).map((b) => [Number(b.block_number), BigInt(b.current_supply)]);

  beforeAll(async () => {
    [node, db] = await Promise.all([
      startFakeAvalanchego({ P: 1, X: 0 }, { P: GENESIS_P_BLOCKS, X: GENESIS_X_BLOCKS }),
      setupTestDatabase(),
    ]);
    node.supply = 1n; // what the node reports: never what a block of this index carries
    const config = (validatorRefreshMs: number) =>
      parseIndexerConfig(
        JSON.stringify({
          primaryNetwork: [
            {
              network: 'fuji',
              nodeUrl: node.url,
              chains: ['P'],
              proposers: false,
              validatorRefreshMs,
              genesisFile: GENESIS_FILE,
            },
          ],
        }),
      );
    await indexOnce(db, config(0));
    node.heads.P = 4; // the second run resumes with the delegation still waiting for its start
    await indexOnce(db, config(1), lines);
  }, 120_000);

  afterAll(async () => {
    await node?.close();
    await teardown(db);
  });

  test("the genesis: the allocations plus each initial staker's reward, computed on the supply the one before it left", async () => {
    expect((await supplies())[0]).toEqual([0, genesisSupply]);
    const rewards = await db.query<{ node_id: string; potential_reward: string }>(
      'SELECT node_id, potential_reward::text AS potential_reward FROM validator ORDER BY node_id',
    );
    expect(Object.fromEntries(rewards.map((r) => [r.node_id, BigInt(r.potential_reward)]))).toEqual({
      [NODE.N1]: genesisSupply - afterN2,
      [NODE.N2]: afterN2 - INITIAL,
    });
  });

  test('before Durango a delegation waits for its start: the supply moves when the chain time reaches it, not when it is added', async () => {
    expect((await supplies()).slice(1, 3)).toEqual([
      [1, genesisSupply],
      [2, genesisSupply + delegationReward],
    ]);
    const [row] = await db.query<{ potential_reward: string }>(
      'SELECT potential_reward::text AS potential_reward FROM delegation WHERE tx_hash = $1',
      [delegate.id],
    );
    expect(BigInt(row!.potential_reward)).toBe(delegationReward);
  });

  test("an aborted RewardValidatorTx takes the staker's reward off the supply again (the proposal block changes nothing yet)", async () => {
    expect((await supplies()).slice(3)).toEqual([
      [3, genesisSupply + delegationReward],
      [4, genesisSupply],
    ]);
    const [row] = await db.query<{ reward_tx_hash: string }>(
      'SELECT reward_tx_hash FROM delegation WHERE tx_hash = $1',
      [delegate.id],
    );
    expect(row!.reward_tx_hash).toBe(refuseDelegation.id);
  });

  test("resume follows the supply only where the index did from the genesis (an index written before keeps the node's reports)", async () => {
    expect(await resumeLedger(db, 'FUJI', P_CHAIN_ID, genesisSupply)).toEqual({ supply: genesisSupply, pending: [] });
    await db.query('UPDATE validator SET potential_reward = NULL WHERE block_index = 0');
    expect(await resumeLedger(db, 'FUJI', P_CHAIN_ID, genesisSupply)).toEqual({ supply: null, pending: [] });
  });

  test('at the head, a node reporting another supply for the same height is logged', () => {
    expect(lines.filter((l) => l.includes('the supply followed from the genesis'))).toEqual([
      expect.stringContaining(`is ${genesisSupply} at block 4, the node reports 1 `),
    ]);
  });
});

describe('endTimeHeapOrder()', () => {
  test("the order of Go's container/heap array after pushes by end time: earlier ends sift up, equal ends stay", () => {
    // pushes 50, 40, 30, 20, 10: [50] → [40 50] → [30 50 40] → [20 30 40 50] → [10 20 40 50 30]
    expect(endTimeHeapOrder([50n, 40n, 30n, 20n, 10n].map((end) => ({ end }))).map((s) => s.end)).toEqual([
      10n,
      20n,
      40n,
      50n,
      30n,
    ]);
    expect(
      endTimeHeapOrder([
        { end: 5n, id: 'a' },
        { end: 5n, id: 'b' },
      ]).map((s) => s.id),
    ).toEqual(['a', 'b']);
  });
});
