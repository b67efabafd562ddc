// 4.5 list validators over the demo data, with the service's clock pinned at DEMO_NOW. Expected
// values come from the raw tables: statuses, delegation capacity (from the stakes and the
// Delegation rows, with the spec's rule: weight up to 5 × own stake, at most 3,000,000 AVAX), time
// remaining and stake shares are computed here, not read from the service's columns or code. Each
// validation answers in the official variant of its status (active, pending, completed, removed);
// L1 validations, which have no end, are not validators of this list.
import { graphql } from 'graphql';
import { DEMO_NOW } from '../../../demo-data';
import { buildSubgraphs } from '../../../subgraphs';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';

const PRIMARY = '11111111111111111111111111111111LpoYY';
const AVAX = 1_000_000_000n;
const DAY = 86_400;

type Raw = {
  network: string;
  txHash: string;
  validationId: string;
  nodeId: string;
  subnetId: string;
  amountStaked: string;
  delegationFee: string | null;
  start: bigint;
  end: bigint | null;
  removed: bigint | null;
  blockIndex: bigint;
  blsPublicKey: string | null;
  pop: string | null;
  uptime: string;
  validationReward: string | null;
  delegationReward: string | null;
  rewardAddresses: string[];
  rewardTxHash: string | null;
  removeTxHash: string | null;
  isL1: boolean;
  isConnected: boolean;
  version: string | null;
  benched: string[];
  /** From the Delegation rows. */
  delegatorCount: number;
  delegated: bigint;
};

// Lists are walked page by page; on a busy shared machine that can take longer than the default minute.
jest.setTimeout(180_000);

let db: Database;
let service: TestService;
let statements = 0;
let rows: Raw[];

beforeAll(async () => {
  db = (await setupSeededDatabase({ onQuery: () => statements++ })).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
  const delegations = await db.query<{ network: string; validator: string; count: number; sum: string }>(
    `SELECT network::text AS network, validator_tx_hash AS validator, count(*)::int AS count, sum(amount_delegated)::text AS sum
     FROM delegation GROUP BY 1, 2`,
  );
  const byValidator = new Map(delegations.map((d) => [`${d.network}/${d.validator}`, d]));
  rows = (
    await db.query<
      Omit<Raw, 'delegatorCount' | 'delegated'>
    >(`SELECT network::text AS network, tx_hash AS "txHash", validation_id AS "validationId",
      node_id AS "nodeId", subnet_id AS "subnetId", amount_staked::text AS "amountStaked", delegation_fee::text AS "delegationFee",
      start_timestamp AS start, end_timestamp AS "end", removed_timestamp AS removed, block_index AS "blockIndex",
      bls_public_key AS "blsPublicKey", bls_proof_of_possession AS pop, uptime_percentage::text AS uptime,
      validation_reward_amount::text AS "validationReward", delegation_reward_amount::text AS "delegationReward",
      reward_addresses AS "rewardAddresses", reward_tx_hash AS "rewardTxHash", remove_tx_hash AS "removeTxHash", is_l1_validator AS "isL1",
      is_connected AS "isConnected", avalanche_go_version AS version, benched_chain_ids AS benched FROM validator`)
  ).map((row) => {
    const d = byValidator.get(`${row.network}/${row.validationId}`);
    return { ...row, delegatorCount: d?.count ?? 0, delegated: BigInt(d?.sum ?? '0') };
  });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

// ── the rules of 2.5 and 4.5, computed here ──

function statusAt(row: Raw, t: number): string {
  const now = BigInt(t);
  if (row.removed !== null && row.removed <= now) return 'removed';
  if (now < row.start) return 'pending';
  if (row.end !== null && row.end <= now) return 'completed';
  return 'active';
}

const inSet = (row: Raw, t: number) => ['active', 'pending'].includes(statusAt(row, t));

/** What the validator can still accept: up to min(5 × stake, 3M AVAX) in total, while active or pending. */
function capacityAt(row: Raw, t: number): bigint {
  if (row.subnetId !== PRIMARY || !inSet(row, t)) return 0n;
  const stake = BigInt(row.amountStaked);
  const cap = 5n * stake < 3_000_000n * AVAX ? 5n * stake : 3_000_000n * AVAX;
  const room = cap - stake - row.delegated;
  return room > 0n ? room : 0n;
}

/** When the validation leaves the set (end or removal), Infinity for never. */
function leavesAt(row: Raw): number {
  const times = [row.end, row.removed].filter((time): time is bigint => time !== null).map(Number);
  return times.length ? Math.min(...times) : Infinity;
}

const remainingAt = (row: Raw, t: number) => Math.max(0, leavesAt(row) - t);

/** The X- and C-Chain IDs of each network (avalanche/networks.ts), for the benched chains. */
const CHAINS: Record<string, { x: string; c: string }> = {
  mainnet: {
    x: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    c: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  },
  fuji: {
    x: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    c: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  },
};

/** A validation's share of its subnet's stake among the validations active at t, percent. */
function stakePercentageAt(row: Raw, t: number): number {
  const total = rows
    .filter(
      (other) =>
        other.network === row.network &&
        other.subnetId === row.subnetId &&
        !other.isL1 &&
        statusAt(other, t) === 'active',
    )
    .reduce((sum, other) => sum + Number(other.amountStaked), 0);
  return (Number(row.amountStaked) * 100) / total;
}

/** A validation as REST shows it: the official variant of its status at t. */
function restValidator(row: Raw, t = DEMO_NOW) {
  const primary = row.subnetId === PRIMARY;
  const status = statusAt(row, t);
  const common = {
    txHash: row.txHash,
    nodeId: row.nodeId,
    subnetId: row.subnetId,
    amountStaked: row.amountStaked,
    ...(primary ? { delegationFee: row.delegationFee } : {}),
    startTimestamp: Number(row.start),
    endTimestamp: Number(row.end),
    ...(row.blsPublicKey ? { blsCredentials: { publicKey: row.blsPublicKey, proofOfPossession: row.pop } } : {}),
    validationStatus: status,
  };
  // Subnet validators have no delegations and the P-Chain pays them no rewards: 0, not absent.
  const delegations = {
    delegatorCount: primary ? row.delegatorCount : 0,
    ...(primary ? { amountDelegated: row.delegated.toString() } : {}),
  };
  const rewards = {
    validationRewardAmount: primary ? (row.validationReward ?? '0') : '0',
    delegationRewardAmount: primary ? (row.delegationReward ?? '0') : '0',
    rewardAddresses: row.rewardAddresses,
    ...(row.rewardTxHash ? { rewardTxHash: row.rewardTxHash } : {}),
  };
  switch (status) {
    case 'active':
      return {
        ...common,
        delegationCapacity: capacityAt(row, t).toString(),
        uptimePerformance: Number(row.uptime),
        stakePercentage: expect.closeTo(stakePercentageAt(row, t), 10),
        ...delegations,
        ...(row.version ? { avalancheGoVersion: row.version } : {}),
        potentialRewards: rewards,
        validatorHealth: {
          reachabilityPercent: row.isConnected ? 100 : 0,
          benchedPChainRequestsPercent: row.benched.includes(PRIMARY) ? 100 : 0,
          benchedXChainRequestsPercent: row.benched.includes(CHAINS[row.network]!.x) ? 100 : 0,
          benchedCChainRequestsPercent: row.benched.includes(CHAINS[row.network]!.c) ? 100 : 0,
        },
        geolocation: null,
      };
    case 'pending':
      return common;
    case 'completed':
      return { ...common, ...delegations, rewards };
    default:
      return { ...common, removeTxHash: row.removeTxHash, removeTimestamp: Number(row.removed) };
  }
}

/** The validators of a network as 4.5 lists them: L1 validations aside. */
const ofNetwork = (network: string) => rows.filter((row) => row.network === network && !row.isL1);
const byDesc = (a: Raw, b: Raw) =>
  a.blockIndex !== b.blockIndex ? (a.blockIndex > b.blockIndex ? -1 : 1) : a.validationId > b.validationId ? -1 : 1;
const ids = (list: { txHash?: string; validationId?: string }[]) => list.map((v) => v.validationId ?? v.txHash);

/** Every page of a list, following nextPageToken. */
async function all(path: string, on: TestService = service): Promise<any[]> {
  const items: any[] = [];
  let url = `${path}${path.includes('?') ? '&' : '?'}pageSize=100`;
  for (let page = 0; page < 100; page++) {
    const { status, body } = await on.request(url);
    expect({ url, status }).toEqual({ url, status: 200 });
    items.push(...body.validators);
    if (!body.nextPageToken) return items;
    url = `${path}${path.includes('?') ? '&' : '?'}pageSize=100&pageToken=${encodeURIComponent(body.nextPageToken)}`;
  }
  throw new Error(`more than 100 pages: ${path}`);
}

/** The items are exactly the expected validations, in order, each in its variant. */
function expectSameValidations(items: any[], expected: Raw[]) {
  expect(items).toHaveLength(expected.length);
  expect(items).toEqual(expected.map((row) => restValidator(row)));
}

describe('GET /v1/networks/{network}/validators (4.5)', () => {
  it('lists every validation of the network (primary network and subnets) newest block first, each in the official variant of its status', async () => {
    const expected = ofNetwork('mainnet').sort(byDesc);
    expect(new Set(expected.map((row) => statusAt(row, DEMO_NOW)))).toEqual(
      new Set(['active', 'pending', 'completed', 'removed']),
    );
    expect(expected.some((row) => row.subnetId !== PRIMARY)).toBe(true);
    expectSameValidations(await all('/v1/networks/mainnet/validators'), expected);
  });

  it('leaves out L1 validations (ACP-77): they have no end time, which every validator of this list has', async () => {
    const l1 = rows.filter((row) => row.network === 'mainnet' && row.isL1);
    expect(l1.length).toBeGreaterThan(0);
    const listed = new Set((await all('/v1/networks/mainnet/validators')).map((item) => item.txHash));
    expect(
      l1.filter((row) => listed.has(row.txHash) && !ofNetwork('mainnet').some((other) => other.txHash === row.txHash)),
    ).toEqual([]);
    const bySubnet = await all(`/v1/networks/mainnet/validators?subnetId=${l1[0]!.subnetId}`);
    expect(bySubnet).toEqual(
      ofNetwork('mainnet')
        .filter((row) => row.subnetId === l1[0]!.subnetId)
        .sort(byDesc)
        .map((row) => restValidator(row)),
    );
  });

  it("active validations carry their stake share, potential rewards and the indexing node's view of their node", async () => {
    const items = await all(`/v1/networks/mainnet/validators?validationStatus=active`);
    const active = ofNetwork('mainnet').filter((row) => statusAt(row, DEMO_NOW) === 'active');
    // Shares of the primary network's active stake add up to 100 %.
    const primaryShares = items
      .filter((item) => item.subnetId === PRIMARY)
      .reduce((sum, item) => sum + item.stakePercentage, 0);
    expect(primaryShares).toBeCloseTo(100, 6);
    expect(active.some((row) => row.benched.length > 0) && active.some((row) => row.version !== null)).toBe(true);
    expect(
      items.filter(
        (item) =>
          item.validatorHealth.benchedXChainRequestsPercent + item.validatorHealth.benchedCChainRequestsPercent > 0,
      ).length,
    ).toBeGreaterThan(0);
  });

  it('removed validations carry the transaction that removed them and when', async () => {
    const removed = ofNetwork('mainnet').filter((row) => statusAt(row, DEMO_NOW) === 'removed');
    expect(removed.every((row) => row.removeTxHash !== null)).toBe(true);
    const items = await all('/v1/networks/mainnet/validators?validationStatus=removed');
    expect(items).toEqual(removed.sort(byDesc).map((row) => restValidator(row)));
  });

  it('answers 10 validations by default, and the last page has no nextPageToken', async () => {
    const first = await service.request('/v1/networks/fuji/validators');
    expect(first.body.validators).toEqual(
      ofNetwork('fuji')
        .sort(byDesc)
        .slice(0, 10)
        .map((row) => restValidator(row)),
    );
    expect(typeof first.body.nextPageToken).toBe('string');
    const few = await service.request(
      `/v1/networks/fuji/validators?subnetId=${PRIMARY}&nodeIds=${ofNetwork('fuji')[0]!.nodeId}`,
    );
    expect(few.body).not.toHaveProperty('nextPageToken');
  });

  it("answers the members every variant shares in the order of the official document, then the variant's own", async () => {
    const { body } = await service.request(
      `/v1/networks/mainnet/validators?subnetId=${PRIMARY}&validationStatus=completed&pageSize=1`,
    );
    expect(Object.keys(body.validators[0])).toEqual([
      'txHash',
      'nodeId',
      'subnetId',
      'amountStaked',
      'delegationFee',
      'startTimestamp',
      'endTimestamp',
      'blsCredentials',
      'validationStatus',
      'delegatorCount',
      'amountDelegated',
      'rewards',
    ]);
  });

  it('treats fuji and testnet as the same network, apart from mainnet', async () => {
    const fuji = await service.request('/v1/networks/fuji/validators?pageSize=5');
    const testnet = await service.request('/v1/networks/testnet/validators?pageSize=5');
    expect(ids(testnet.body.validators)).toEqual(ids(fuji.body.validators));
    expect(fuji.body.validators.map((v: any) => v.txHash)).toEqual(
      ofNetwork('fuji')
        .sort(byDesc)
        .slice(0, 5)
        .map((row) => row.txHash),
    );
  });

  it('nodeIds: matches node IDs containing any of the comma-separated parts', async () => {
    const mainnet = ofNetwork('mainnet');
    const part = mainnet[7]!.nodeId.slice(12, 20);
    const whole = mainnet[100]!.nodeId;
    const expected = mainnet.filter((row) => row.nodeId.includes(part) || row.nodeId === whole).sort(byDesc);
    expect(expected.length).toBeGreaterThan(1);
    expectSameValidations(await all(`/v1/networks/mainnet/validators?nodeIds=${part},${whole}`), expected);
  });

  it.each(['active', 'pending', 'completed', 'removed'])(
    'validationStatus=%s: the validations with that status at the time of the request',
    async (status) => {
      const expected = ofNetwork('mainnet')
        .filter((row) => statusAt(row, DEMO_NOW) === status)
        .sort(byDesc);
      expect(expected.length).toBeGreaterThan(0);
      expectSameValidations(await all(`/v1/networks/mainnet/validators?validationStatus=${status}`), expected);
    },
  );

  it('derives statuses from the clock: the same rows answer differently 30 days later', async () => {
    const later = DEMO_NOW + 30 * DAY;
    const laterService = await startTestService(db, { clock: () => later });
    try {
      const changed = ofNetwork('fuji').filter((row) => statusAt(row, later) !== statusAt(row, DEMO_NOW));
      expect(changed.length).toBeGreaterThan(0);
      const items = await all('/v1/networks/fuji/validators?validationStatus=active', laterService);
      expect(items.map((item) => item.txHash)).toEqual(
        ofNetwork('fuji')
          .filter((row) => statusAt(row, later) === 'active')
          .sort(byDesc)
          .map((row) => row.txHash),
      );
    } finally {
      await laterService.close();
    }
  });

  describe('sortBy × sortOrder', () => {
    const active = () => ofNetwork('mainnet').filter((row) => statusAt(row, DEMO_NOW) === 'active');
    const compare = (key: (row: Raw) => number | bigint) => (a: Raw, b: Raw) => {
      const [x, y] = [key(a), key(b)];
      return x !== y ? (x < y ? -1 : 1) : a.validationId < b.validationId ? -1 : 1;
    };
    const cases: [string, (row: Raw) => number | bigint, string][] = [
      ['blockIndex', (row) => row.blockIndex, ''],
      ['delegationCapacity', (row) => capacityAt(row, DEMO_NOW), ''],
      ['uptimePerformance', (row) => Number(row.uptime), ''],
      ['delegationFee', (row) => Number(row.delegationFee), `&subnetId=${PRIMARY}`],
    ];
    it.each(
      cases.flatMap(([sortBy, key, extra]) =>
        (['asc', 'desc'] as const).map((order) => [sortBy, order, key, extra] as const),
      ),
    )(
      'sortBy=%s sortOrder=%s orders every page by that value, then validation ID',
      async (sortBy, order, key, extra) => {
        const expected = active()
          .filter((row) => !extra || row.subnetId === PRIMARY)
          .sort(compare(key));
        if (order === 'desc') expected.reverse();
        expectSameValidations(
          await all(
            `/v1/networks/mainnet/validators?validationStatus=active&sortBy=${sortBy}&sortOrder=${order}${extra}`,
          ),
          expected,
        );
      },
    );

    it.each(['asc', 'desc'])(
      'sortBy=timeRemaining sortOrder=%s: by end − now (0 once left, by when they left)',
      async (order) => {
        const mainnet = ofNetwork('mainnet');
        const items = await all(`/v1/networks/mainnet/validators?sortBy=timeRemaining&sortOrder=${order}`);
        const expected = mainnet.sort(compare((row) => leavesAt(row)));
        if (order === 'desc') expected.reverse();
        expectSameValidations(items, expected);
        const remaining = items.map((item) =>
          remainingAt(mainnet.find((row) => row.txHash === item.txHash && row.nodeId === item.nodeId)!, DEMO_NOW),
        );
        const sorted = [...remaining].sort((a, b) => (order === 'asc' ? a - b : b - a));
        expect(remaining).toEqual(sorted);
      },
    );

    it('sortOrder defaults to desc', async () => {
      const { body } = await service.request(
        '/v1/networks/mainnet/validators?sortBy=uptimePerformance&validationStatus=active&pageSize=20',
      );
      expect(body.validators).toEqual(
        active()
          .sort(compare((row) => Number(row.uptime)))
          .reverse()
          .slice(0, 20)
          .map((row) => restValidator(row)),
      );
    });
  });

  describe('delegation capacity', () => {
    it('is what the validator can still accept: up to 5 × own stake in total, at most 3,000,000 AVAX; 0 once it left the set', async () => {
      const { body } = await service.graphql(
        `query ($token: String) { listValidators(network: mainnet, subnetId: "${PRIMARY}", pageSize: 100, pageToken: $token) { nextPageToken validators { validationId delegationCapacity } } }`,
      );
      const seen = new Map<string, string>();
      let page = body.data.listValidators;
      for (;;) {
        for (const v of page.validators) seen.set(v.validationId, v.delegationCapacity);
        if (!page.nextPageToken) break;
        page = (
          await service.graphql(
            `query ($token: String) { listValidators(network: mainnet, subnetId: "${PRIMARY}", pageSize: 100, pageToken: $token) { nextPageToken validators { validationId delegationCapacity } } }`,
            { token: page.nextPageToken },
          )
        ).body.data.listValidators;
      }
      const primary = ofNetwork('mainnet').filter((row) => row.subnetId === PRIMARY);
      expect(Object.fromEntries(seen)).toEqual(
        Object.fromEntries(primary.map((row) => [row.validationId, capacityAt(row, DEMO_NOW).toString()])),
      );
      // Not vacuous: some stakes hit the 3M AVAX cap, some validators are full, some left the set with room.
      expect(primary.some((row) => inSet(row, DEMO_NOW) && 5n * BigInt(row.amountStaked) > 3_000_000n * AVAX)).toBe(
        true,
      );
      expect(
        primary.some(
          (row) => !inSet(row, DEMO_NOW) && 5n * BigInt(row.amountStaked) > BigInt(row.amountStaked) + row.delegated,
        ),
      ).toBe(true);
    });

    it('minDelegationCapacity and maxDelegationCapacity bound it, inclusive', async () => {
      const mainnet = ofNetwork('mainnet');
      const values = mainnet
        .map((row) => capacityAt(row, DEMO_NOW))
        .filter((c) => c > 0n)
        .sort((a, b) => (a < b ? -1 : 1));
      const [min, max] = [values[Math.floor(values.length / 4)]!, values[Math.floor((values.length * 3) / 4)]!];
      const expected = mainnet
        .filter((row) => capacityAt(row, DEMO_NOW) >= min && capacityAt(row, DEMO_NOW) <= max)
        .sort(byDesc);
      expectSameValidations(
        await all(`/v1/networks/mainnet/validators?minDelegationCapacity=${min}&maxDelegationCapacity=${max}`),
        expected,
      );
    });

    it('maxDelegationCapacity=0 finds the validations that accept nothing: full, left the set, or of subnets', async () => {
      const expected = ofNetwork('fuji')
        .filter((row) => capacityAt(row, DEMO_NOW) === 0n)
        .sort(byDesc);
      expect(new Set(expected.map((row) => statusAt(row, DEMO_NOW)))).toContain('completed');
      expectSameValidations(await all('/v1/networks/fuji/validators?maxDelegationCapacity=0'), expected);
    });
  });

  it('minTimeRemaining and maxTimeRemaining bound end − now in seconds', async () => {
    const mainnet = ofNetwork('mainnet');
    const [min, max] = [30 * DAY, 200 * DAY];
    const within = mainnet
      .filter((row) => remainingAt(row, DEMO_NOW) >= min && remainingAt(row, DEMO_NOW) <= max)
      .sort(byDesc);
    expect(within.length).toBeGreaterThan(0);
    expectSameValidations(
      await all(`/v1/networks/mainnet/validators?minTimeRemaining=${min}&maxTimeRemaining=${max}`),
      within,
    );
    const longer = mainnet.filter((row) => remainingAt(row, DEMO_NOW) >= max).sort(byDesc);
    expectSameValidations(await all(`/v1/networks/mainnet/validators?minTimeRemaining=${max}`), longer);
  });

  describe('fee filters (subnet validations have no fee and are excluded)', () => {
    it.each([
      ['minFeePercentage=5', 5, 100],
      ['maxFeePercentage=3', 2, 3],
      ['minFeePercentage=3&maxFeePercentage=10', 3, 10],
    ])('%s selects primary-network validations with fee %d to %d', async (query, min, max) => {
      const expected = ofNetwork('mainnet')
        .filter(
          (row) => row.delegationFee !== null && Number(row.delegationFee) >= min && Number(row.delegationFee) <= max,
        )
        .sort(byDesc);
      expect(expected.length).toBeGreaterThan(0);
      expectSameValidations(await all(`/v1/networks/mainnet/validators?${query}`), expected);
    });
  });

  describe('uptime filters (defaults 90 and 100 fill in the end not given)', () => {
    it.each([
      ['minUptimePerformance=95', 95, 100],
      ['maxUptimePerformance=99', 90, 99],
      ['minUptimePerformance=50&maxUptimePerformance=80', 50, 80],
    ])('%s selects validations with uptime %d to %d', async (query, min, max) => {
      const expected = ofNetwork('mainnet')
        .filter((row) => Number(row.uptime) >= min && Number(row.uptime) <= max)
        .sort(byDesc);
      expect(expected.length).toBeGreaterThan(0);
      expectSameValidations(await all(`/v1/networks/mainnet/validators?${query}`), expected);
    });
  });

  it("subnetId: only that subnet’s validations, without the primary network's fee", async () => {
    const subnet = ofNetwork('mainnet').find((row) => row.subnetId !== PRIMARY)!.subnetId;
    const expected = ofNetwork('mainnet')
      .filter((row) => row.subnetId === subnet)
      .sort(byDesc);
    const items = await all(`/v1/networks/mainnet/validators?subnetId=${subnet}`);
    expectSameValidations(items, expected);
    expect(items.every((item) => !('delegationFee' in item))).toBe(true);
  });

  it('sortBy=delegationFee: on mainnet with the primary network’s subnetId only', async () => {
    for (const query of [
      `network=fuji&subnetId=${PRIMARY}`,
      'network=mainnet',
      `network=mainnet&subnetId=${ofNetwork('mainnet').find((row) => row.subnetId !== PRIMARY)!.subnetId}`,
    ]) {
      const network = /network=(\w+)/.exec(query)![1];
      const rest = query.replace(/network=\w+&?/, '');
      const { status, body } = await service.request(`/v1/networks/${network}/validators?sortBy=delegationFee&${rest}`);
      expect({ query, status, body }).toEqual({
        query,
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: expect.stringMatching(/^query parameter sortBy must not be delegationFee unless network is mainnet/),
        },
      });
    }
  });

  it.each([
    ['pageSize=0', 'query parameter pageSize must be at least 1'],
    ['pageSize=101', 'query parameter pageSize must be at most 100'],
    ['sortBy=fee', 'query parameter sortBy must be one of'],
    ['sortOrder=up', 'query parameter sortOrder must be one of'],
    ['validationStatus=live', 'query parameter validationStatus must be one of'],
    ['minDelegationCapacity=-1', 'query parameter minDelegationCapacity must be'],
    [
      'maxDelegationCapacity=720000000000000001',
      'query parameter maxDelegationCapacity must be from 0 to 720000000000000000',
    ],
    [
      'minDelegationCapacity=5&maxDelegationCapacity=4',
      'query parameter minDelegationCapacity must not be greater than maxDelegationCapacity',
    ],
    ['minTimeRemaining=-1', 'query parameter minTimeRemaining'],
    ['maxTimeRemaining=2147483648', 'query parameter maxTimeRemaining must be an integer from 0 to 2147483647'],
    [
      'minTimeRemaining=10&maxTimeRemaining=9',
      'query parameter minTimeRemaining must not be greater than maxTimeRemaining',
    ],
    ['minFeePercentage=1.9', 'query parameter minFeePercentage must be a number from 2 to 100'],
    ['maxFeePercentage=100.5', 'query parameter maxFeePercentage must be a number from 2 to 100'],
    ['minFeePercentage=abc', 'query parameter minFeePercentage must be a number'],
    [
      'minFeePercentage=10&maxFeePercentage=5',
      'query parameter minFeePercentage must not be greater than maxFeePercentage',
    ],
    ['minUptimePerformance=-0.5', 'query parameter minUptimePerformance must be a number from 0 to 100'],
    ['maxUptimePerformance=101', 'query parameter maxUptimePerformance must be a number from 0 to 100'],
    [
      'maxUptimePerformance=50',
      'query parameter maxUptimePerformance must be at least 90 when minUptimePerformance is omitted',
    ],
    ['subnetId=notAnId', 'query parameter subnetId must be a 32-byte ID'],
    ['nodeIds=NodeID-0OIl', 'query parameter nodeIds must list node IDs'],
    ['nodeIds=a,,b', 'query parameter nodeIds must be a comma-separated list without empty items'],
    ['pageToken=garbage', 'pageToken is invalid'],
  ])('rejects %s with 400 and the error body', async (query, message) => {
    const { status, body } = await service.request(`/v1/networks/mainnet/validators?${query}`);
    expect({ status, body }).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) },
    });
  });

  it('rejects an unknown network with 400', async () => {
    const { status, body } = await service.request('/v1/networks/devnet/validators');
    expect({ status, body }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'path parameter network must be one of mainnet, fuji, testnet',
      },
    });
  });

  it('keyset paging is stable under concurrent inserts: page 2 starts strictly after page 1, whatever was added before it', async () => {
    const expected = ofNetwork('fuji').sort(byDesc);
    const first = await service.request('/v1/networks/fuji/validators?pageSize=5');
    expect(first.body.validators).toEqual(expected.slice(0, 5).map((row) => restValidator(row)));
    // A validation newer than every listed one: an offset-based page 2 would repeat page 1's last row.
    const added = `${expected[0]!.validationId.slice(0, -4)}zzzz`;
    await db.query(
      `INSERT INTO validator SELECT (jsonb_populate_record(NULL::validator, to_jsonb(v) || jsonb_build_object('validation_id', $2::text, 'tx_hash', $2::text, 'block_index', $3::bigint))).*
       FROM validator v WHERE v.network = 'fuji' AND v.validation_id = $1`,
      [expected[0]!.validationId, added, String(expected[0]!.blockIndex + 1n)],
    );
    try {
      const second = await service.request(
        `/v1/networks/fuji/validators?pageSize=5&pageToken=${encodeURIComponent(first.body.nextPageToken)}`,
      );
      expect(second.body.validators).toEqual(expected.slice(5, 10).map((row) => restValidator(row)));
      const fresh = await service.request('/v1/networks/fuji/validators?pageSize=1');
      expect(fresh.body.validators[0].txHash).toBe(added);
    } finally {
      await db.query(`DELETE FROM validator WHERE network = 'fuji' AND validation_id = $1`, [added]);
    }
  });

  it('binds nextPageToken to the query: another filter, order or network is a 400', async () => {
    const { body } = await service.request('/v1/networks/mainnet/validators?validationStatus=active&pageSize=2');
    for (const other of [
      'validationStatus=pending',
      'validationStatus=active&sortOrder=asc',
      'validationStatus=active&minUptimePerformance=95',
    ]) {
      const response = await service.request(
        `/v1/networks/mainnet/validators?${other}&pageToken=${encodeURIComponent(body.nextPageToken)}`,
      );
      expect({ other, status: response.status, message: response.body.message }).toEqual({
        other,
        status: 400,
        message: expect.stringMatching(/pageToken/),
      });
    }
  });
});

describe('Query.listValidators (GraphQL) and the Validator, Subnet and Address joins', () => {
  const page = /* GraphQL */ `
    query ($pageSize: Int) {
      listValidators(network: mainnet, pageSize: $pageSize) {
        nextPageToken
        validators { validationId network txHash subnet { subnetId isL1 blockchains { blockchainId } } }
      }
    }
  `;

  it('answers the page REST answers', async () => {
    const rest = await service.request('/v1/networks/mainnet/validators?pageSize=7');
    const { body } = await service.graphql(page, { pageSize: 7 });
    expect(body.errors).toBeUndefined();
    expect(body.data.listValidators.validators.map((v: any) => v.txHash)).toEqual(
      rest.body.validators.map((v: any) => v.txHash),
    );
    expect(body.data.listValidators.nextPageToken).toBe(rest.body.nextPageToken);
  });

  it('joins each validator’s subnet and its blockchains', async () => {
    const { body } = await service.graphql(page, { pageSize: 30 });
    const subnets = await db.query<{ subnet_id: string; is_l1: boolean; chains: string[] }>(
      `SELECT s.subnet_id, s.is_l1, array_agg(b.blockchain_id ORDER BY b.create_block_timestamp, b.blockchain_id) AS chains
       FROM subnet s JOIN blockchain b ON b.network = s.network AND b.subnet_id = s.subnet_id WHERE s.network = 'mainnet' GROUP BY 1, 2`,
    );
    const expected = new Map(
      subnets.map((s) => [
        s.subnet_id,
        { subnetId: s.subnet_id, isL1: s.is_l1, blockchains: s.chains.map((blockchainId) => ({ blockchainId })) },
      ]),
    );
    const validators = body.data.listValidators.validators;
    expect(new Set(validators.map((v: any) => v.subnet.subnetId)).size).toBeGreaterThan(1);
    for (const v of validators)
      expect(v.subnet).toEqual(
        expected.get(ofNetwork('mainnet').find((row) => row.validationId === v.validationId)!.subnetId),
      );
  });

  it('a page of 100 validators with subnets and blockchains costs the statements a page of 10 costs', async () => {
    const count = async (pageSize: number) => {
      const before = statements;
      const { body } = await service.graphql(page, { pageSize });
      expect(body.errors).toBeUndefined();
      expect(body.data.listValidators.validators).toHaveLength(pageSize);
      return statements - before;
    };
    const ten = await count(10);
    const hundred = await count(100);
    expect(ten).toBe(3); // the page, one subnet lookup, one blockchains lookup
    expect(hundred).toBe(ten);
  });

  it('Subnet.validators: each subnet’s latest validations with a status now, one statement for every subnet', async () => {
    const query = /* GraphQL */ `{ listSubnets(network: mainnet, pageSize: 40) { subnets { subnetId validators(validationStatus: active, first: 3) { validationId validationStatus subnetId } } } }`;
    const before = statements;
    const { body } = await service.graphql(query);
    expect(body.errors).toBeUndefined();
    expect(statements - before).toBe(2); // the subnets page, then one statement for the validators of all 40
    for (const subnet of body.data.listSubnets.subnets) {
      const expected = ofNetwork('mainnet')
        .filter((row) => row.subnetId === subnet.subnetId && statusAt(row, DEMO_NOW) === 'active')
        .sort(byDesc)
        .slice(0, 3);
      expect(subnet.validators).toEqual(
        expected.map((row) => ({ validationId: row.validationId, validationStatus: 'active', subnetId: row.subnetId })),
      );
    }
  });

  it('Validator.rewardOwners: the reward addresses as Address entities with their P-Chain balances, one statement for all', async () => {
    const query = /* GraphQL */ `{ listValidators(network: mainnet, subnetId: "${PRIMARY}", validationStatus: active, pageSize: 20) {
      validators { rewardOwners { address balances(blockchainId: "p-chain") { ... on ListPChainBalancesResponse { balances { unlockedUnstaked { amount utxoCount } } } } } } } }`;
    const before = statements;
    const { body } = await service.graphql(query);
    expect(body.errors).toBeUndefined();
    expect(statements - before).toBe(2);
    const owners = body.data.listValidators.validators.flatMap((v: any) => v.rewardOwners);
    expect(owners.length).toBe(20);
    // The same sums as 4.6 for each address alone (4.6 itself is checked against the UTXO rows in primaryNetworkChains.test.ts).
    for (const owner of owners.slice(0, 5)) {
      const rest = await service.request(
        `/v1/networks/mainnet/blockchains/p-chain/balances?addresses=${owner.address}`,
      );
      expect(owner.balances.balances.unlockedUnstaked).toEqual(
        rest.body.balances.unlockedUnstaked.map((b: any) => ({ amount: b.amount, utxoCount: b.utxoCount })),
      );
    }
  });
});

describe('_entities: Validator by (network, validationId) and Address by (network, address), as the gateway resolves them', () => {
  it('resolves a batch of references through the loaders: one statement per kind of lookup, null for unknown keys', async () => {
    const [subgraph] = await buildSubgraphs(['primary-network']);
    const known = ofNetwork('mainnet').sort(byDesc).slice(0, 25);
    const fuji = ofNetwork('fuji')[0]!;
    const representations = [
      ...known.map((row) => ({ __typename: 'Validator', network: 'mainnet', validationId: row.validationId })),
      { __typename: 'Validator', network: 'testnet', validationId: fuji.validationId },
      { __typename: 'Validator', network: 'mainnet', validationId: fuji.validationId },
      {
        __typename: 'Address',
        network: 'mainnet',
        address: known[0]!.rewardAddresses[0] ?? 'avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
      },
      { __typename: 'Address', network: 'fuji', address: 'avax10xt8e2ngrf279r8vayetk5rqk78uwvve7mhnun' },
    ];
    const before = statements;
    const result = await graphql({
      schema: subgraph!.schema,
      source: `query ($representations: [_Any!]!) { _entities(representations: $representations) {
        ... on Validator { validationId validationStatus subnet { subnetId } }
        ... on Address { address balances(blockchainId: "p-chain") { ... on ListPChainBalancesResponse { balances { unlockedUnstaked { amount } } } } } } }`,
      variableValues: { representations },
      contextValue: subgraph!.createContext({
        prisma: db.prisma,
        read: db.read,
        pageTokens: { secret: 'test-secret' },
        clock: () => DEMO_NOW,
      }),
    });
    expect(result.errors).toBeUndefined();
    const entities = (result.data as any)._entities;
    expect(entities.slice(0, 25)).toEqual(
      known.map((row) => ({
        validationId: row.validationId,
        validationStatus: statusAt(row, DEMO_NOW),
        subnet: { subnetId: row.subnetId },
      })),
    );
    expect(entities[25]).toEqual({
      validationId: fuji.validationId,
      validationStatus: statusAt(fuji, DEMO_NOW),
      subnet: { subnetId: fuji.subnetId },
    });
    expect(entities[26]).toBeNull();
    expect(entities[27]).toEqual({
      address: (representations[27] as { address: string }).address,
      balances: { balances: { unlockedUnstaked: expect.any(Array) } },
    });
    // An address of another network's prefix is no entity of that network.
    expect(entities[28]).toBeNull();
    expect(statements - before).toBe(3); // validators, their subnets, the address's balances
  });
});
