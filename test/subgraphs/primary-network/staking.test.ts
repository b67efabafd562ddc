// The staking lists of the primary-network catalogue over the demo data, with the service's clock
// pinned at DEMO_NOW: getSingleValidatorDetails, listDelegators, listL1Validators and
// listHistoricalPrimaryNetworkRewards. Expected values come from the raw tables: statuses by the rule
// of 2.5 written here, orders and filters by brute force over the rows, a delegation's split of its
// reward by avalanchego's formula, an L1 validation's balance from its fee state and the latest
// block's accrued fees, and prices from the stored price rows.
import { DEMO_NOW } from '../../../demo-data';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';

const PRIMARY = '11111111111111111111111111111111LpoYY';

jest.setTimeout(180_000);

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

/** The status of a staking period at t (2.5), first match wins. */
function statusAt(row: { start: bigint; end: bigint | null; removed?: bigint | null }, t = DEMO_NOW): string {
  const now = BigInt(t);
  if (row.removed !== undefined && row.removed !== null && row.removed <= now) return 'removed';
  if (now < row.start) return 'pending';
  if (row.end !== null && row.end <= now) return 'completed';
  return 'active';
}

/** Descending by (a, b) keys, as text or bigint. */
const desc =
  <T>(key: (row: T) => [bigint, string]) =>
  (x: T, y: T) => {
    const [a1, a2] = key(x);
    const [b1, b2] = key(y);
    return a1 !== b1 ? (a1 > b1 ? -1 : 1) : a2 > b2 ? -1 : a2 < b2 ? 1 : 0;
  };

/** Every page of a list, following nextPageToken. */
async function all(path: string, member: string, pageSize = 100): Promise<any[]> {
  const items: any[] = [];
  const sep = path.includes('?') ? '&' : '?';
  let url = `${path}${sep}pageSize=${pageSize}`;
  for (let page = 0; page < 200; page++) {
    const { status, body } = await service.request(url);
    expect({ url, status, body: status === 200 ? undefined : body }).toEqual({ url, status: 200, body: undefined });
    items.push(...body[member]);
    if (!body.nextPageToken) return items;
    url = `${path}${sep}pageSize=${pageSize}&pageToken=${encodeURIComponent(body.nextPageToken)}`;
  }
  throw new Error(`more than 200 pages: ${path}`);
}

async function expect400(path: string, wording: RegExp) {
  const { status, body } = await service.request(path);
  expect({ status, statusCode: body.statusCode, error: body.error }).toEqual({
    status: 400,
    statusCode: 400,
    error: 'Bad Request',
  });
  expect(body.message).toMatch(wording);
}

describe('GET /v1/networks/{network}/validators/{nodeId} (getSingleValidatorDetails)', () => {
  type Row = {
    validationId: string;
    nodeId: string;
    start: bigint;
    end: bigint;
    removed: bigint | null;
    blockIndex: bigint;
  };
  let rows: Row[];
  let node: string;

  beforeAll(async () => {
    rows = await db.query<Row>(
      `SELECT validation_id AS "validationId", node_id AS "nodeId", start_timestamp AS start, end_timestamp AS "end",
         removed_timestamp AS removed, block_index AS "blockIndex"
       FROM validator WHERE network = 'mainnet' AND NOT is_l1_validator`,
    );
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.nodeId, (counts.get(row.nodeId) ?? 0) + 1);
    node = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  });

  const ofNode = (nodeId: string) =>
    rows.filter((row) => row.nodeId === nodeId).sort(desc((row) => [row.blockIndex, row.validationId]));

  it('lists every validation of the node, latest block first, each as listValidators answers it', async () => {
    const expected = ofNode(node);
    expect(expected.length).toBeGreaterThan(1);
    const items = await all(`/v1/networks/mainnet/validators/${node}`, 'validators', 1);
    expect(items.map((item) => [item.txHash, item.validationStatus])).toEqual(
      expected.map((row) => [row.validationId, statusAt(row)]),
    );
    const listed = await all(`/v1/networks/mainnet/validators?nodeIds=${node}`, 'validators');
    const byTx = new Map(listed.map((item) => [item.txHash, item]));
    expect(items).toEqual(expected.map((row) => byTx.get(row.validationId)));
  });

  it('validationStatus: only the validations with that status now', async () => {
    const busiest = [...new Set(rows.map((row) => row.nodeId))];
    for (const status of ['active', 'completed', 'pending', 'removed']) {
      const withStatus = rows.filter((row) => statusAt(row) === status);
      if (withStatus.length === 0) continue;
      const nodeId = busiest.find((id) => withStatus.some((row) => row.nodeId === id))!;
      const items = await all(`/v1/networks/mainnet/validators/${nodeId}?validationStatus=${status}`, 'validators');
      expect(items.map((item) => item.txHash)).toEqual(
        ofNode(nodeId)
          .filter((row) => statusAt(row) === status)
          .map((row) => row.validationId),
      );
    }
  });

  it('sortOrder=asc reverses the order; pageSize defaults to 10', async () => {
    const items = await all(`/v1/networks/mainnet/validators/${node}?sortOrder=asc`, 'validators');
    expect(items.map((item) => item.txHash)).toEqual(
      ofNode(node)
        .map((row) => row.validationId)
        .reverse(),
    );
    const { body } = await service.request(`/v1/networks/mainnet/validators/${node}`);
    expect(body.validators).toHaveLength(Math.min(10, ofNode(node).length));
  });

  it('answers an empty list for a node that never validated', async () => {
    const { status, body } = await service.request('/v1/networks/mainnet/validators/NodeID-111111111111111111116DBWJs');
    expect({ status, body }).toEqual({ status: 200, body: { validators: [] } });
  });

  it('rejects a malformed node ID, an unknown status and a page size past 100 with 400', async () => {
    await expect400('/v1/networks/mainnet/validators/node-1', /nodeId/);
    await expect400(`/v1/networks/mainnet/validators/${node}?validationStatus=gone`, /validationStatus/);
    await expect400(`/v1/networks/mainnet/validators/${node}?pageSize=101`, /pageSize must be at most 100/);
  });
});

describe('GET /v1/networks/{network}/delegators (listDelegators)', () => {
  type Row = {
    txHash: string;
    nodeId: string;
    amountDelegated: string;
    start: bigint;
    end: bigint;
    blockIndex: bigint;
    rewardAddresses: string[];
    delegatorReward: string | null;
    potentialReward: string | null;
    fee: string | null;
  };
  let rows: Row[];

  beforeAll(async () => {
    rows = (
      await db.query<Row>(
        `SELECT d.tx_hash AS "txHash", d.node_id AS "nodeId", d.amount_delegated::text AS "amountDelegated",
           d.start_timestamp AS start, d.end_timestamp AS "end", d.block_index AS "blockIndex",
           d.reward_addresses AS "rewardAddresses", d.delegator_reward_amount::text AS "delegatorReward",
           d.potential_reward::text AS "potentialReward", v.delegation_fee::text AS fee
         FROM delegation d JOIN validator v ON v.network = d.network AND v.validation_id = d.validator_tx_hash
         WHERE d.network = 'mainnet'`,
      )
    ).sort(desc((row) => [row.blockIndex, row.txHash]));
  });

  /** avalanchego's reward.Split: the delegator keeps (1,000,000 − shares) × reward / 1,000,000, rounded down. */
  const delegatorPart = (reward: bigint, feePercent: string) => {
    const shares = BigInt(Math.round(Number(feePercent) * 10_000));
    return ((1_000_000n - shares) * reward) / 1_000_000n;
  };

  function expected(row: Row) {
    const status = statusAt(row);
    const common = {
      txHash: row.txHash,
      nodeId: row.nodeId,
      rewardAddresses: row.rewardAddresses,
      amountDelegated: row.amountDelegated,
      delegationFee: Number(row.fee).toFixed(4),
      startTimestamp: Number(row.start),
      endTimestamp: Number(row.end),
      delegationStatus: status,
    };
    const gross = BigInt(row.potentialReward ?? 0);
    if (status === 'completed') {
      const net = BigInt(row.delegatorReward ?? 0);
      // The reward the node split: the potential reward when its split gives what was paid, else the
      // smallest reward whose split does.
      const kept = 1_000_000n - BigInt(Math.round(Number(row.fee) * 10_000));
      const whole =
        net === 0n
          ? 0n
          : gross > 0n && delegatorPart(gross, row.fee!) === net
            ? gross
            : (net * 1_000_000n + kept - 1n) / kept;
      return { ...common, grossReward: whole.toString(), netReward: net.toString() };
    }
    return {
      ...common,
      estimatedGrossReward: gross.toString(),
      estimatedNetReward: delegatorPart(gross, row.fee ?? '0').toString(),
    };
  }

  it('lists every delegation of the network, latest block first, each in the official variant of its status', async () => {
    const items = await all('/v1/networks/mainnet/delegators', 'delegators');
    expect(items).toEqual(rows.map(expected));
    expect(new Set(items.map((item) => item.delegationStatus)).size).toBeGreaterThan(1);
  });

  it('a completed delegation that was rewarded: net is what the delegator got, gross what the node split', async () => {
    const rewarded = rows.find((row) => statusAt(row) === 'completed' && BigInt(row.delegatorReward ?? 0) > 0n);
    expect(rewarded).toBeDefined();
    const items = await all(`/v1/networks/mainnet/delegators?nodeIds=${rewarded!.nodeId}`, 'delegators');
    const item = items.find((candidate) => candidate.txHash === rewarded!.txHash);
    expect(BigInt(item.netReward)).toBe(BigInt(rewarded!.delegatorReward!));
    if (rewarded!.potentialReward)
      expect(delegatorPart(BigInt(item.grossReward), rewarded!.fee!)).toBe(BigInt(item.netReward));
  });

  it('delegationStatus, nodeIds and rewardAddresses filter, each as the rows say', async () => {
    for (const status of ['active', 'pending', 'completed']) {
      const items = await all(`/v1/networks/mainnet/delegators?delegationStatus=${status}`, 'delegators');
      expect(items.map((item) => item.txHash)).toEqual(
        rows.filter((row) => statusAt(row) === status).map((row) => row.txHash),
      );
    }
    const nodes = [...new Set(rows.map((row) => row.nodeId))].slice(0, 2);
    const byNode = await all(`/v1/networks/mainnet/delegators?nodeIds=${nodes.join(',')}`, 'delegators');
    expect(byNode.map((item) => item.txHash)).toEqual(
      rows.filter((row) => nodes.includes(row.nodeId)).map((row) => row.txHash),
    );
    const address = rows[0]!.rewardAddresses[0]!;
    const byAddress = await all(
      `/v1/networks/mainnet/delegators?rewardAddresses=P-${address}&sortOrder=asc`,
      'delegators',
    );
    expect(byAddress.map((item) => item.txHash)).toEqual(
      rows
        .filter((row) => row.rewardAddresses.includes(address))
        .map((row) => row.txHash)
        .reverse(),
    );
  });

  it('rejects removed (no delegation is removed), another network’s address and a page size of 0 with 400', async () => {
    await expect400('/v1/networks/mainnet/delegators?delegationStatus=removed', /delegationStatus/);
    await expect400(
      '/v1/networks/mainnet/delegators?rewardAddresses=fuji1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqzz2q9k',
      /rewardAddresses|address/,
    );
    await expect400('/v1/networks/mainnet/delegators?pageSize=0', /pageSize must be at least 1/);
  });
});

describe('GET /v1/networks/{network}/l1Validators (listL1Validators)', () => {
  type Row = {
    validationId: string;
    nodeId: string;
    subnetId: string;
    weight: bigint;
    start: bigint;
    blockIndex: bigint;
    removed: bigint | null;
    end: string | null;
    balance: string | null;
    pk: string;
    pop: string;
    owner: { threshold: number; addresses: string[] } | null;
    disable: { threshold: number; addresses: string[] } | null;
  };
  let rows: Row[];
  let head: { height: bigint; accrued: bigint };

  beforeAll(async () => {
    rows = (
      await db.query<Row>(
        `SELECT validation_id AS "validationId", node_id AS "nodeId", subnet_id AS "subnetId", weight, start_timestamp AS start,
           block_index AS "blockIndex", removed_timestamp AS removed, l1_end_accumulated_fee::text AS "end",
           l1_balance::text AS balance, bls_public_key AS pk, bls_proof_of_possession AS pop,
           l1_remaining_balance_owner AS owner, l1_deactivation_owner AS disable
         FROM validator WHERE network = 'mainnet' AND is_l1_validator`,
      )
    ).sort(desc((row) => [row.blockIndex, row.validationId]));
    const [block] = await db.query<{ height: bigint; accrued: bigint }>(
      `SELECT block_number AS height, l1_validators_accrued_fees AS accrued FROM primary_network_block
       WHERE network = 'mainnet' AND blockchain_id = '${PRIMARY}' ORDER BY block_number DESC LIMIT 1`,
    );
    head = block!;
  });

  /** nAVAX left after the latest block: EndAccumulatedFee minus the accrued fees, never below 0; 0 once removed. */
  const remaining = (row: Row) => {
    if (row.removed !== null) return 0n;
    const left = row.end !== null ? BigInt(row.end) - head.accrued : BigInt(row.balance ?? 0);
    return left > 0n ? left : 0n;
  };
  const isActive = (row: Row) => remaining(row) > 0n;

  function expected(row: Row) {
    return {
      validationId: row.validationId,
      validationIdHex: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      nodeId: row.nodeId,
      subnetId: row.subnetId,
      weight: Number(row.weight),
      remainingBalance: Number(remaining(row)),
      creationTimestamp: Number(row.start),
      blsCredentials: { publicKey: row.pk, proofOfPossession: row.pop },
      // A validation indexed without its owners answers none (no addresses, threshold 0).
      remainingBalanceOwner: row.owner ?? { addresses: [], threshold: 0 },
      deactivationOwner: row.disable ?? { addresses: [], threshold: 0 },
    };
  }

  it('lists the active L1 validations by default, latest first, at the latest P-Chain block', async () => {
    const { body } = await service.request('/v1/networks/mainnet/l1Validators?pageSize=100');
    expect(body.blockHeight).toBe(head.height.toString());
    const items = await all('/v1/networks/mainnet/l1Validators', 'validators');
    const active = rows.filter(isActive);
    expect(active.length).toBeGreaterThan(0);
    expect(items).toEqual(active.map(expected));
  });

  it('includeInactiveL1Validators=true adds the ones whose balance ran out, disabled and removed ones', async () => {
    const items = await all('/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true', 'validators');
    expect(items).toEqual(rows.map(expected));
    expect(rows.some((row) => !isActive(row))).toBe(true);
    // Removed ones (weight 0 on the chain: test/indexer/primaryNetworkStaking.test.ts) are listed with no balance.
    const removed = rows.filter((row) => row.removed !== null).map((row) => row.validationId);
    expect(removed.length).toBeGreaterThan(0);
    expect(items.filter((item) => removed.includes(item.validationId)).map((item) => item.remainingBalance)).toEqual(
      removed.map(() => 0),
    );
  });

  it('the hex validation ID is the cb58 ID’s bytes', async () => {
    const [item] = await all(`/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true`, 'validators', 1);
    const { cb58Decode } = await import('../../../avalanche/cb58');
    expect(item.validationIdHex).toBe(`0x${Buffer.from(cb58Decode(item.validationId)).toString('hex')}`);
  });

  it('l1ValidationId, nodeId and subnetId filter', async () => {
    const row = rows[rows.length - 1]!;
    const q = '/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true';
    expect((await all(`${q}&l1ValidationId=${row.validationId}`, 'validators')).map((v) => v.validationId)).toEqual([
      row.validationId,
    ]);
    expect((await all(`${q}&nodeId=${row.nodeId}`, 'validators')).map((v) => v.validationId)).toEqual(
      rows.filter((other) => other.nodeId === row.nodeId).map((other) => other.validationId),
    );
    expect((await all(`${q}&subnetId=${row.subnetId}`, 'validators')).map((v) => v.validationId)).toEqual(
      rows.filter((other) => other.subnetId === row.subnetId).map((other) => other.validationId),
    );
  });

  it('an empty page still names the block height', async () => {
    const { body } = await service.request(`/v1/networks/mainnet/l1Validators?subnetId=${PRIMARY}`);
    expect(body).toEqual({ validators: [], blockHeight: head.height.toString() });
  });

  it('rejects a malformed node ID and a malformed validation ID with 400', async () => {
    await expect400('/v1/networks/mainnet/l1Validators?nodeId=abc', /nodeId/);
    await expect400('/v1/networks/mainnet/l1Validators?l1ValidationId=0xzz', /l1ValidationId/);
  });
});

describe('GET /v1/networks/{network}/rewards (listHistoricalPrimaryNetworkRewards)', () => {
  type Row = {
    utxoId: string;
    txHash: string;
    outputIndex: number;
    amount: string;
    rewardType: string;
    paidAt: bigint;
    owners: string[];
    nodeId: string;
    amountStaked: string;
    start: bigint;
    end: bigint;
    rewardTxHash: string;
  };
  let rows: Row[];
  let avax: { assetId: string; name: string; symbol: string; denomination: number };

  beforeAll(async () => {
    const utxos = await db.query<Omit<Row, 'nodeId' | 'amountStaked' | 'start' | 'end' | 'rewardTxHash' | 'owners'>>(
      `SELECT utxo_id AS "utxoId", tx_hash AS "txHash", output_index AS "outputIndex", amount::text AS amount,
         reward_type::text AS "rewardType", block_timestamp AS "paidAt"
       FROM utxo WHERE network = 'mainnet' AND reward_type IS NOT NULL`,
    );
    const owners = await db.query<{ utxoId: string; address: string }>(
      `SELECT utxo_id AS "utxoId", address FROM utxo_address WHERE network = 'mainnet'`,
    );
    const stakes = await db.query<{
      txHash: string;
      nodeId: string;
      staked: string;
      start: bigint;
      end: bigint;
      reward: string;
    }>(
      `SELECT tx_hash AS "txHash", node_id AS "nodeId", amount_staked::text AS staked, start_timestamp AS start,
         end_timestamp AS "end", reward_tx_hash AS reward FROM validator WHERE network = 'mainnet'
       UNION ALL SELECT tx_hash, node_id, amount_delegated::text, start_timestamp, end_timestamp, reward_tx_hash
         FROM delegation WHERE network = 'mainnet'`,
    );
    const stakeOf = new Map(stakes.map((stake) => [stake.txHash, stake]));
    rows = utxos
      .map((utxo) => {
        const stake = stakeOf.get(utxo.txHash)!;
        return {
          ...utxo,
          owners: owners
            .filter((owner) => owner.utxoId === utxo.utxoId)
            .map((owner) => owner.address)
            .sort(),
          nodeId: stake.nodeId,
          amountStaked: stake.staked,
          start: stake.start,
          end: stake.end,
          rewardTxHash: stake.reward,
        };
      })
      .sort(desc((row) => [row.paidAt, row.utxoId]));
    [avax] = await db.query(
      `SELECT asset_id AS "assetId", name, symbol, denomination FROM asset WHERE network = 'mainnet' AND symbol = 'AVAX'`,
    );
  });

  /** AVAX's stored price at t: the latest hourly row at or before it. */
  async function priceAt(currency: string, t: bigint): Promise<number | undefined> {
    const [row] = await db.query<{ value: string }>(
      `SELECT value::text AS value FROM asset_price WHERE price_key = 'avalanche-2' AND currency_code = $1 AND timestamp <= $2
       ORDER BY timestamp DESC LIMIT 1`,
      [currency, String(t)],
    );
    return row ? Number(row.value) : undefined;
  }

  async function expected(row: Row, currency = 'usd') {
    const price = await priceAt(currency, row.paidAt);
    return {
      addresses: row.owners,
      txHash: row.txHash,
      amountStaked: row.amountStaked,
      nodeId: row.nodeId,
      startTimestamp: Number(row.start),
      endTimestamp: Number(row.end),
      rewardType: row.rewardType,
      utxoId: row.utxoId,
      outputIndex: row.outputIndex,
      reward: {
        ...avax,
        type: 'secp256k1',
        amount: row.amount,
        ...(price === undefined ? {} : { historicalPrice: { currencyCode: currency, value: price } }),
      },
      rewardTxHash: row.rewardTxHash,
    };
  }

  it('lists the rewards paid to an address, latest first, with AVAX’s price in USD when paid', async () => {
    const address = rows[0]!.owners[0]!;
    const items = await all(`/v1/networks/mainnet/rewards?addresses=P-${address}`, 'historicalRewards', 3);
    const mine = rows.filter((row) => row.owners.includes(address));
    expect(items).toEqual(await Promise.all(mine.map((row) => expected(row))));
    expect(items.some((item) => item.reward.historicalPrice)).toBe(true);
  });

  it('several addresses: each reward paid to any of them once, in order, across pages both ways', async () => {
    const byRewards = [...new Set(rows.flatMap((row) => row.owners))]
      .map((address) => ({ address, count: rows.filter((row) => row.owners.includes(address)).length }))
      .filter((owner) => owner.count > 1)
      .sort((a, b) => b.count - a.count || a.address.localeCompare(b.address));
    const addresses = byRewards.slice(0, 3).map((owner) => owner.address);
    expect(addresses).toHaveLength(3);
    const theirs = rows.filter((row) => row.owners.some((owner) => addresses.includes(owner)));
    const path = `/v1/networks/mainnet/rewards?addresses=${addresses.join(',')}`;
    expect((await all(path, 'historicalRewards', 7)).map((item) => item.utxoId)).toEqual(
      theirs.map((row) => row.utxoId),
    );
    expect((await all(`${path}&sortOrder=asc`, 'historicalRewards', 9)).map((item) => item.utxoId)).toEqual(
      [...theirs].reverse().map((row) => row.utxoId),
    );
  });

  it('nodeIds: the rewards of stakes on those nodes, validators’ and delegators’; with addresses, both must match', async () => {
    const node = rows.find((row) => row.rewardType === 'DELEGATOR')?.nodeId ?? rows[0]!.nodeId;
    const items = await all(`/v1/networks/mainnet/rewards?nodeIds=${node}&sortOrder=asc`, 'historicalRewards');
    const onNode = rows.filter((row) => row.nodeId === node).reverse();
    expect(items.map((item) => item.utxoId)).toEqual(onNode.map((row) => row.utxoId));
    const address = onNode[0]!.owners[0]!;
    const both = await all(`/v1/networks/mainnet/rewards?nodeIds=${node}&addresses=${address}`, 'historicalRewards');
    expect(both.map((item) => item.utxoId)).toEqual(
      rows.filter((row) => row.nodeId === node && row.owners.includes(address)).map((row) => row.utxoId),
    );
  });

  it('currency: the price in that currency from the indexed prices', async () => {
    const row = rows[0]!;
    const [item] = await all(`/v1/networks/mainnet/rewards?nodeIds=${row.nodeId}&currency=eur`, 'historicalRewards', 1);
    const first = rows.find((other) => other.nodeId === row.nodeId)!;
    expect(item).toEqual(await expected(first, 'eur'));
  });

  it('rejects a request with neither addresses nor nodeIds, an unknown currency and another network’s address with 400', async () => {
    await expect400('/v1/networks/mainnet/rewards', /addresses or nodeIds/);
    await expect400(`/v1/networks/mainnet/rewards?nodeIds=${rows[0]!.nodeId}&currency=btc`, /currency/);
    await expect400(`/v1/networks/fuji/rewards?addresses=${rows[0]!.owners[0]}`, /addresses must be fuji/);
  });
});

describe('GraphQL: the four lists answer what REST answers', () => {
  it('Query.listDelegators and Query.listL1Validators', async () => {
    const { body } = await service.graphql(
      `{ listDelegators(network: mainnet, pageSize: 3) { delegators { txHash delegationStatus
           ... on ActiveDelegatorDetails { estimatedNetReward } ... on CompletedDelegatorDetails { netReward } } }
         listL1Validators(network: mainnet, pageSize: 2) { blockHeight validators { validationId remainingBalance weight } } }`,
    );
    expect(body.errors).toBeUndefined();
    const rest = (await service.request('/v1/networks/mainnet/delegators?pageSize=3')).body;
    expect(body.data.listDelegators.delegators.map((d: any) => d.txHash)).toEqual(
      rest.delegators.map((d: any) => d.txHash),
    );
    const l1 = (await service.request('/v1/networks/mainnet/l1Validators?pageSize=2')).body;
    expect(body.data.listL1Validators.blockHeight).toBe(l1.blockHeight);
    expect(body.data.listL1Validators.validators.map((v: any) => Number(v.remainingBalance))).toEqual(
      l1.validators.map((v: any) => v.remainingBalance),
    );
  });

  it('a bad argument is a GraphQL error worded for GraphQL, not a 500', async () => {
    const { body } = await service.graphql(
      '{ listHistoricalPrimaryNetworkRewards(network: mainnet) { historicalRewards { utxoId } } }',
    );
    expect(body.errors[0].message).toMatch(/addresses or nodeIds/);
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });
});
