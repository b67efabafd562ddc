// The chain endpoints of the primary network over the demo data, clock pinned at DEMO_NOW: 4.6
// balances, 4.7 UTXOs, 4.14 pending rewards, 4.17 blocks proposed by a node, 4.18 vertices, and
// the GraphQL Address entity. Expected values come from the raw tables, with the rules of spec 2.6
// (balance categories), 2.7a (progress) and section 4 applied here.
import { DEMO_NOW, SHOWCASE_P_ADDRESS } from '../../../demo-data';
import type { Database } from '../../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { blockColumns, latestFirst, restBlock, type BlockRaw } from './support/primaryBlockRows';
import { officialSchemaErrors } from '../../support/officialSchemas';
import { Utxo as AvmUtxo, utils } from '@avalabs/avalanchejs';

const P = '11111111111111111111111111111111LpoYY';
const CHAINS = {
  mainnet: {
    'p-chain': P,
    'x-chain': '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    'c-chain': '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
  },
  fuji: {
    'p-chain': P,
    'x-chain': '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    'c-chain': 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
  },
} as const;
const DAY = 86_400;
const SHOWCASE = SHOWCASE_P_ADDRESS.mainnet;

type UtxoRaw = {
  network: string;
  utxoId: string;
  blockchainId: string;
  txHash: string;
  outputIndex: number;
  assetId: string;
  amount: string;
  threshold: number;
  utxoType: string;
  rewardType: string | null;
  platformLocktime: bigint;
  stakeableLocktime: bigint;
  staked: boolean;
  start: bigint | null;
  end: bigint | null;
  createdOnChainId: string;
  blockNumber: bigint;
  blockTimestamp: bigint;
  sharedWithChainId: string | null;
  consumedOnChainId: string | null;
  consumingTxHash: string | null;
  consumingBlockNumber: bigint | null;
  consumingBlockTimestamp: bigint | null;
  utxoBytes: string;
  owners: string[];
};
type Asset = { assetId: string; name: string; symbol: string; denomination: number; type: string };

// Lists are walked page by page; on a busy shared machine that can take longer than the default minute.
jest.setTimeout(180_000);

let db: Database;
let service: TestService;
let statements = 0;
let utxos: UtxoRaw[];
let assets: Map<string, Asset>;

beforeAll(async () => {
  db = (await setupSeededDatabase({ onQuery: () => statements++ })).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
  utxos =
    await db.query<UtxoRaw>(`SELECT u.network::text AS network, u.utxo_id AS "utxoId", u.blockchain_id AS "blockchainId", u.tx_hash AS "txHash",
    u.output_index AS "outputIndex", u.asset_id AS "assetId", u.amount::text AS amount, u.threshold, u.utxo_type::text AS "utxoType",
    u.reward_type::text AS "rewardType", u.platform_locktime AS "platformLocktime", u.stakeable_locktime AS "stakeableLocktime", u.staked,
    u.utxo_start_timestamp AS start, u.utxo_end_timestamp AS "end", u.created_on_chain_id AS "createdOnChainId", u.block_number AS "blockNumber",
    u.block_timestamp AS "blockTimestamp", u.shared_with_chain_id AS "sharedWithChainId", u.consumed_on_chain_id AS "consumedOnChainId",
    u.consuming_tx_hash AS "consumingTxHash", u.consuming_block_number AS "consumingBlockNumber",
    u.consuming_block_timestamp AS "consumingBlockTimestamp", u.utxo_bytes AS "utxoBytes",
    (SELECT array_agg(a.address ORDER BY a.address) FROM utxo_address a WHERE a.network = u.network AND a.utxo_id = u.utxo_id) AS owners
    FROM utxo u`);
  const rows = await db.query<Asset & { network: string }>(
    `SELECT network::text AS network, asset_id AS "assetId", name, symbol, denomination, type::text AS type FROM asset`,
  );
  assets = new Map(rows.map(({ network, ...asset }) => [`${network}/${asset.assetId}`, asset]));
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const bad = (message: string) => ({
  status: 400,
  body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) },
});

async function all(path: string, member: string): Promise<any[]> {
  const items: any[] = [];
  let url = `${path}&pageSize=100`;
  for (let page = 0; page < 100; page++) {
    const { status, body } = await service.request(url);
    expect({ url, status }).toEqual({ url, status: 200 });
    items.push(...body[member]);
    if (!body.nextPageToken) return items;
    url = `${path}&pageSize=100&pageToken=${encodeURIComponent(body.nextPageToken)}`;
  }
  throw new Error(`more than 100 pages: ${path}`);
}

// ── spec 2.6: the category of a UTXO at T ──
function categoryAt(u: UtxoRaw, at: number): string | null {
  const t = BigInt(at);
  if (u.blockTimestamp > t || (u.consumingBlockTimestamp !== null && u.consumingBlockTimestamp <= t)) return null;
  const platformLocked = u.platformLocktime > t;
  if (u.sharedWithChainId) return platformLocked ? 'atomicMemoryLocked' : 'atomicMemoryUnlocked';
  const stakeableLocked = u.stakeableLocktime > t;
  if (u.staked && u.start !== null && t < u.start) return 'pendingStaked';
  if (u.staked && u.end !== null && t < u.end) return stakeableLocked ? 'lockedStaked' : 'unlockedStaked';
  if (platformLocked) return 'lockedPlatform';
  if (stakeableLocked) return 'lockedStakeable';
  return 'unlockedUnstaked';
}

const CATEGORIES = [
  'unlockedUnstaked',
  'unlockedStaked',
  'lockedPlatform',
  'lockedStakeable',
  'lockedStaked',
  'pendingStaked',
  'atomicMemoryUnlocked',
  'atomicMemoryLocked',
];

/**
 * The balances object, summed here from the UTXO rows, in the shape of its chain: the eight
 * categories on the P-Chain (atomic memory with its status), locked and unlocked plus atomic
 * memory on the X-Chain, atomic memory on the C-Chain.
 */
function expectedBalances(network: 'mainnet' | 'fuji', chain: string, addresses: string[], at: number) {
  const byCategory = balancesByCategory(network, chain, addresses, at);
  const withoutStatus = (entries: any[]) => entries.map(({ status: _status, ...entry }) => entry);
  if (chain === CHAINS[network]['x-chain']) {
    return {
      locked: byCategory.lockedPlatform,
      unlocked: byCategory.unlockedUnstaked,
      atomicMemoryUnlocked: withoutStatus(byCategory.atomicMemoryUnlocked!),
      atomicMemoryLocked: withoutStatus(byCategory.atomicMemoryLocked!),
    };
  }
  if (chain === CHAINS[network]['c-chain']) {
    return {
      atomicMemoryUnlocked: withoutStatus(byCategory.atomicMemoryUnlocked!),
      atomicMemoryLocked: withoutStatus(byCategory.atomicMemoryLocked!),
    };
  }
  return byCategory;
}

/** The sums of each of the eight categories of the domain (2.6). */
function balancesByCategory(
  network: 'mainnet' | 'fuji',
  chain: string,
  addresses: string[],
  at: number,
): Record<string, any[]> {
  const atomic = (category: string) => category.startsWith('atomicMemory');
  const categories = chain === CHAINS[network]['c-chain'] ? CATEGORIES.filter(atomic) : CATEGORIES;
  const sums = new Map<string, { amount: bigint; count: number }>();
  for (const u of utxos) {
    if (u.network !== network || u.blockchainId !== chain || !u.owners.some((owner) => addresses.includes(owner)))
      continue;
    const category = categoryAt(u, at);
    if (!category || !categories.includes(category)) continue;
    const key = `${category}|${u.assetId}|${atomic(category) ? u.sharedWithChainId : ''}`;
    const sum = sums.get(key) ?? { amount: 0n, count: 0 };
    sums.set(key, { amount: sum.amount + BigInt(u.amount), count: sum.count + 1 });
  }
  return Object.fromEntries(
    categories.map((category) => [
      category,
      [...sums]
        .filter(([key]) => key.startsWith(`${category}|`))
        .map(([key, sum]) => {
          const [, assetId, shared] = key.split('|');
          const { name, symbol, denomination, type } = assets.get(`${network}/${assetId}`)!;
          return {
            assetId,
            name,
            symbol,
            denomination,
            type,
            amount: sum.amount.toString(),
            utxoCount: sum.count,
            ...(atomic(category) ? { sharedWithChainId: shared, status: 'pendingImport' } : {}),
          };
        })
        .sort((a, b) =>
          a.assetId !== b.assetId
            ? a.assetId < b.assetId
              ? -1
              : 1
            : (a as any).sharedWithChainId < (b as any).sharedWithChainId
              ? -1
              : 1,
        ),
    ]),
  );
}

describe('GET /v1/networks/{network}/blockchains/{blockchainId}/balances (4.6)', () => {
  it('sums the P-Chain UTXOs of an address per asset in each of the eight categories, at now', async () => {
    const { status, body } = await service.request(
      `/v1/networks/mainnet/blockchains/p-chain/balances?addresses=${SHOWCASE}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      balances: expectedBalances('mainnet', P, [SHOWCASE], DEMO_NOW),
      chainInfo: { chainName: 'p-chain', network: 'mainnet' },
    });
    // The showcase address has something in every category (and atomic memory from two chains).
    for (const category of CATEGORIES)
      expect({ category, empty: body.balances[category].length === 0 }).toEqual({ category, empty: false });
    expect(new Set(body.balances.atomicMemoryUnlocked.map((b: any) => b.sharedWithChainId)).size).toBe(2);
    expect(officialSchemaErrors('glacier', 'ListPChainBalancesResponse', body)).toEqual([]);
  });

  it.each([
    ['100 days earlier', DEMO_NOW - 100 * DAY],
    ['3 days later', DEMO_NOW + 3 * DAY],
    ['400 days later', DEMO_NOW + 400 * DAY],
  ])('blockTimestamp: the balance as of that time (%s)', async (_label, at) => {
    const { body } = await service.request(
      `/v1/networks/mainnet/blockchains/${P}/balances?addresses=${SHOWCASE}&blockTimestamp=${at}`,
    );
    expect(body.balances).toEqual(expectedBalances('mainnet', P, [SHOWCASE], at));
  });

  it('blockTimestamp defaults to now', async () => {
    const now = await service.request(`/v1/networks/mainnet/blockchains/p-chain/balances?addresses=${SHOWCASE}`);
    const explicit = await service.request(
      `/v1/networks/mainnet/blockchains/p-chain/balances?addresses=${SHOWCASE}&blockTimestamp=${DEMO_NOW}`,
    );
    expect(now.body).toEqual(explicit.body);
  });

  it('sums several addresses (with or without P-/X- prefix) together, each UTXO once', async () => {
    const owners = [
      ...new Set(utxos.filter((u) => u.network === 'mainnet' && u.blockchainId === P).flatMap((u) => u.owners)),
    ].slice(0, 6);
    const list = [`P-${SHOWCASE}`, ...owners.map((owner, i) => (i % 2 ? `X-${owner}` : owner))].join(',');
    const { body } = await service.request(`/v1/networks/mainnet/blockchains/p-chain/balances?addresses=${list}`);
    expect(body.balances).toEqual(expectedBalances('mainnet', P, [SHOWCASE, ...owners], DEMO_NOW));
  });

  it('on the X-Chain: every asset of the address', async () => {
    const { body } = await service.request(`/v1/networks/mainnet/blockchains/x-chain/balances?addresses=${SHOWCASE}`);
    expect(body).toEqual({
      balances: expectedBalances('mainnet', CHAINS.mainnet['x-chain'], [SHOWCASE], DEMO_NOW),
      chainInfo: { chainName: 'x-chain', network: 'mainnet' },
    });
    expect(new Set(body.balances.unlocked.map((b: any) => b.assetId)).size).toBeGreaterThan(2);
    expect(officialSchemaErrors('glacier', 'ListXChainBalancesResponse', body)).toEqual([]);
  });

  it('on the C-Chain: only the atomic-memory categories', async () => {
    const { body } = await service.request(`/v1/networks/mainnet/blockchains/c-chain/balances?addresses=${SHOWCASE}`);
    expect(Object.keys(body.balances)).toEqual(['atomicMemoryUnlocked', 'atomicMemoryLocked']);
    expect(body.balances).toEqual(expectedBalances('mainnet', CHAINS.mainnet['c-chain'], [SHOWCASE], DEMO_NOW));
    expect(body.balances.atomicMemoryLocked.length).toBeGreaterThan(0);
    expect(officialSchemaErrors('glacier', 'ListCChainAtomicBalancesResponse', body)).toEqual([]);
  });

  it('answers for testnet as fuji, with the chain given by its ID', async () => {
    const fuji = SHOWCASE_P_ADDRESS.fuji;
    const { body } = await service.request(
      `/v1/networks/testnet/blockchains/${CHAINS.fuji['x-chain']}/balances?addresses=${fuji}`,
    );
    expect(body).toEqual({
      balances: expectedBalances('fuji', CHAINS.fuji['x-chain'], [fuji], DEMO_NOW),
      chainInfo: { chainName: 'x-chain', network: 'fuji' },
    });
  });

  it.each([
    [
      'mainnet',
      `blockchains/${CHAINS.fuji['x-chain']}/balances?addresses=${SHOWCASE}`,
      'path parameter blockchainId must be the P, X or C-Chain of mainnet',
    ],
    [
      'mainnet',
      `blockchains/${'2'.repeat(10)}AnUnknownChainIdAnUnknownChainIdAnUnk/balances?addresses=${SHOWCASE}`,
      'path parameter blockchainId must be',
    ],
    [
      'mainnet',
      `blockchains/d-chain/balances?addresses=${SHOWCASE}`,
      'path parameter blockchainId must be p-chain, x-chain, c-chain or a blockchain ID',
    ],
    ['mainnet', 'blockchains/p-chain/balances', 'query parameter addresses is required'],
    [
      'mainnet',
      'blockchains/p-chain/balances?addresses=avax1notbech32',
      'query parameter addresses must list bech32 addresses',
    ],
    [
      'mainnet',
      `blockchains/p-chain/balances?addresses=${SHOWCASE_P_ADDRESS.fuji}`,
      'query parameter addresses must be mainnet addresses',
    ],
    ['fuji', `blockchains/p-chain/balances?addresses=${SHOWCASE}`, 'query parameter addresses must be fuji addresses'],
    [
      'mainnet',
      `blockchains/p-chain/balances?addresses=(65 addresses)`,
      'query parameter addresses must list at most 64 items',
    ],
    [
      'mainnet',
      `blockchains/p-chain/balances?addresses=${SHOWCASE}&blockTimestamp=-5`,
      'query parameter blockTimestamp must be a Unix time',
    ],
    [
      'devnet',
      `blockchains/p-chain/balances?addresses=${SHOWCASE}`,
      'path parameter network must be one of mainnet, fuji, testnet',
    ],
  ])('rejects %s %s with 400 and the error body', async (network, path, message) => {
    const response = await service.request(
      `/v1/networks/${network}/${path.replace('(65 addresses)', Array(65).fill(SHOWCASE).join(','))}`,
    );
    expect(response).toEqual(bad(message));
  });
});

/**
 * A UTXO as REST shows it, in the shape of its chain: the official `PChainUtxo` on the P-Chain,
 * `Utxo` on the X-Chain and in the C-Chain's atomic memory. While unspent, it is consumed on the
 * chain that holds it.
 */
function restUtxo(u: UtxoRaw) {
  const asset = assets.get(`${u.network}/${u.assetId}`)!;
  const common = {
    addresses: u.owners,
    asset: { ...asset, amount: u.amount },
    consumedOnChainId: u.consumingTxHash ? u.consumedOnChainId : u.blockchainId,
    ...(u.consumingTxHash ? { consumingTxHash: u.consumingTxHash } : {}),
    createdOnChainId: u.createdOnChainId,
    utxoId: u.utxoId,
    utxoBytes: u.utxoBytes,
  };
  if (u.blockchainId !== P) {
    return {
      ...common,
      ...(asset.type === 'nft' ? nftMembers(u.utxoBytes) : {}),
      ...(u.consumingTxHash ? { consumingTxTimestamp: Number(u.consumingBlockTimestamp) } : {}),
      creationTxHash: u.txHash,
      locktime: Number(u.platformLocktime),
      outputIndex: String(u.outputIndex),
      threshold: u.threshold,
      timestamp: Number(u.blockTimestamp),
      utxoType: u.utxoType,
    };
  }
  return {
    ...common,
    amount: u.amount,
    assetId: u.assetId,
    blockNumber: u.blockNumber.toString(),
    blockTimestamp: Number(u.blockTimestamp),
    ...(u.consumingTxHash
      ? {
          consumingBlockNumber: u.consumingBlockNumber!.toString(),
          consumingBlockTimestamp: Number(u.consumingBlockTimestamp),
        }
      : {}),
    platformLocktime: Number(u.platformLocktime),
    outputIndex: u.outputIndex,
    ...(u.rewardType ? { rewardType: u.rewardType } : {}),
    stakeableLocktime: Number(u.stakeableLocktime),
    staked: u.staked,
    threshold: u.threshold,
    txHash: u.txHash,
    ...(u.end !== null ? { utxoEndTimestamp: Number(u.end) } : {}),
    ...(u.start !== null ? { utxoStartTimestamp: Number(u.start) } : {}),
    utxoType: u.utxoType,
  };
}

/**
 * The nftfx members of an X-Chain UTXO, as avalanchejs decodes its bytes (none for a secp256k1fx
 * output, which is how the demo data holds its NFT families' tokens).
 */
function nftMembers(utxoBytes: string): { groupId?: number; payload?: string } {
  const output = utils.getManagerForVM('AVM').unpack(Buffer.from(utxoBytes.slice(2), 'hex'), AvmUtxo)
    .output as unknown as {
    groupId?: { value(): number };
    payload?: { toBytes(): Uint8Array };
  };
  if (!output.groupId) return {};
  // The payload's codec bytes are its length (4 bytes) then the data.
  return {
    groupId: output.groupId.value(),
    ...(output.payload ? { payload: `0x${Buffer.from(output.payload.toBytes().subarray(4)).toString('hex')}` } : {}),
  };
}

const utxosOf = (network: string, chain: string, addresses: string[], includeSpent = false) =>
  utxos.filter(
    (u) =>
      u.network === network &&
      u.blockchainId === chain &&
      u.owners.some((o) => addresses.includes(o)) &&
      (includeSpent || !u.consumingTxHash),
  );
const order = (key: (u: UtxoRaw) => bigint, direction: 'asc' | 'desc') => (a: UtxoRaw, b: UtxoRaw) => {
  const [x, y] = [key(a), key(b)];
  const up = x !== y ? (x < y ? -1 : 1) : a.utxoId < b.utxoId ? -1 : 1;
  return direction === 'asc' ? up : -up;
};

describe('GET /v1/networks/{network}/blockchains/{blockchainId}/utxos (4.7)', () => {
  it('pageSize defaults to 10 (section 8); nextPageToken only while more remain', async () => {
    const expected = utxosOf('mainnet', P, [SHOWCASE]).sort(order((u) => u.blockTimestamp, 'desc'));
    expect(expected.length).toBeGreaterThan(10);
    const { body } = await service.request(`/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${SHOWCASE}`);
    expect(body.utxos).toEqual(expected.slice(0, 10).map(restUtxo));
    expect(typeof body.nextPageToken).toBe('string');
  });

  it('lists the unspent UTXOs of the addresses, newest first, with every field of 2.7', async () => {
    const items = await all(`/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${SHOWCASE}`, 'utxos');
    const expected = utxosOf('mainnet', P, [SHOWCASE]).sort(order((u) => u.blockTimestamp, 'desc'));
    expect(items).toEqual(expected.map(restUtxo));
    expect(items.some((u) => u.utxoType === 'STAKE' && 'utxoStartTimestamp' in u)).toBe(true);
  });

  it('includeSpent=true adds the spent ones, with where, by what and when they were consumed', async () => {
    const items = await all(
      `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${SHOWCASE}&includeSpent=true`,
      'utxos',
    );
    const expected = utxosOf('mainnet', P, [SHOWCASE], true).sort(order((u) => u.blockTimestamp, 'desc'));
    expect(items).toEqual(expected.map(restUtxo));
    expect(items.some((u) => 'consumingTxHash' in u && 'consumingBlockTimestamp' in u)).toBe(true);
  });

  it.each(['asc', 'desc'] as const)(
    'sortBy=amount sortOrder=%s, then UTXO ID, across pages of several addresses',
    async (direction) => {
      const owners = [
        ...new Set(utxos.filter((u) => u.network === 'mainnet' && u.blockchainId === P).flatMap((u) => u.owners)),
      ].slice(0, 40);
      const path = `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${owners.join(',')}&sortBy=amount&sortOrder=${direction}&includeSpent=true`;
      const items: any[] = [];
      let url = `${path}&pageSize=20`;
      for (let page = 0; page < 200; page++) {
        const { body } = await service.request(url);
        items.push(...body.utxos);
        if (!body.nextPageToken) break;
        url = `${path}&pageSize=20&pageToken=${encodeURIComponent(body.nextPageToken)}`;
      }
      const expected = utxosOf('mainnet', P, owners, true).sort(order((u) => BigInt(u.amount), direction));
      expect(expected.length).toBeGreaterThan(20);
      expect(items.map((u) => u.utxoId)).toEqual(expected.map((u) => u.utxoId));
    },
  );

  it('minUtxoAmount is inclusive', async () => {
    const mine = utxosOf('mainnet', P, [SHOWCASE]);
    const threshold = mine.map((u) => BigInt(u.amount)).sort((a, b) => (a < b ? -1 : 1))[Math.floor(mine.length / 2)]!;
    const items = await all(
      `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${SHOWCASE}&minUtxoAmount=${threshold}`,
      'utxos',
    );
    const expected = mine.filter((u) => BigInt(u.amount) >= threshold).sort(order((u) => u.blockTimestamp, 'desc'));
    expect(items.map((u) => u.utxoId)).toEqual(expected.map((u) => u.utxoId));
    expect(items.some((u) => BigInt(u.amount) === threshold)).toBe(true);
  });

  it('assetId filters by asset on the X-Chain', async () => {
    const x = CHAINS.mainnet['x-chain'];
    const asset = utxosOf('mainnet', x, [SHOWCASE]).find((u) => !u.assetId.startsWith('Fvw'))!.assetId;
    const items = await all(
      `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${SHOWCASE}&assetId=${asset}`,
      'utxos',
    );
    expect(items).toEqual(
      utxosOf('mainnet', x, [SHOWCASE])
        .filter((u) => u.assetId === asset)
        .sort(order((u) => u.blockTimestamp, 'desc'))
        .map(restUtxo),
    );
  });

  it('on the C-Chain: the atomic UTXOs waiting for import, with chainInfo', async () => {
    const { body } = await service.request(
      `/v1/networks/mainnet/blockchains/c-chain/utxos?addresses=${SHOWCASE}&pageSize=100`,
    );
    const expected = utxosOf('mainnet', CHAINS.mainnet['c-chain'], [SHOWCASE]).sort(
      order((u) => u.blockTimestamp, 'desc'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(body).toEqual({ utxos: expected.map(restUtxo), chainInfo: { chainName: 'c-chain', network: 'mainnet' } });
    expect(officialSchemaErrors('glacier', 'ListUtxosResponse', body)).toEqual([]);
  });

  it('on the P-Chain: the official PChainUtxo shape; on the X-Chain: the official Utxo shape', async () => {
    const p = await service.request(
      `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${SHOWCASE}&includeSpent=true&pageSize=100`,
    );
    expect(officialSchemaErrors('glacier', 'ListPChainUtxosResponse', p.body)).toEqual([]);
    const x = await service.request(
      `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${SHOWCASE}&includeSpent=true&pageSize=100`,
    );
    expect(officialSchemaErrors('glacier', 'ListUtxosResponse', x.body)).toEqual([]);
    expect(x.body.utxos.length).toBeGreaterThan(0);
  });

  it.each([
    [
      'p-chain',
      `assetId=${'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'}`,
      'query parameter assetId is only accepted on the X-Chain',
    ],
    [
      'c-chain',
      `assetId=${'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'}`,
      'query parameter assetId is only accepted on the X-Chain',
    ],
    ['x-chain', 'assetId=xyz', 'query parameter assetId must be a 32-byte ID'],
    ['p-chain', 'sortBy=size', 'query parameter sortBy must be one of'],
    ['p-chain', 'sortOrder=newest', 'query parameter sortOrder must be one of'],
    ['p-chain', 'includeSpent=maybe', 'query parameter includeSpent'],
    ['p-chain', 'minUtxoAmount=-1', 'query parameter minUtxoAmount must be'],
    [
      'p-chain',
      'minUtxoAmount=18446744073709551616',
      'query parameter minUtxoAmount must be from 0 to 18446744073709551615',
    ],
    ['p-chain', 'pageSize=101', 'query parameter pageSize must be at most 100'],
    ['p-chain', 'pageToken=abc', 'pageToken is invalid'],
  ])('rejects %s with %s: 400 and the error body', async (chain, query, message) => {
    const response = await service.request(
      `/v1/networks/mainnet/blockchains/${chain}/utxos?addresses=${SHOWCASE}&${query}`,
    );
    expect(response).toEqual(bad(message));
  });

  it('rejects an unknown network with 400', async () => {
    expect(await service.request(`/v1/networks/devnet/blockchains/p-chain/utxos?addresses=${SHOWCASE}`)).toEqual(
      bad('path parameter network must be one of mainnet, fuji, testnet'),
    );
  });

  it.each([
    ['avax1notbech32', 'query parameter addresses must list bech32 addresses'],
    [`Q-${SHOWCASE}`, 'query parameter addresses must list bech32 addresses'],
    [SHOWCASE_P_ADDRESS.fuji, 'query parameter addresses must be mainnet addresses'],
    [Array(65).fill(SHOWCASE).join(','), 'query parameter addresses must list at most 64 items'],
  ])(
    'rejects addresses=%s (malformed, unknown chain prefix, another network, more than 64) with 400',
    async (addresses, message) => {
      expect(await service.request(`/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${addresses}`)).toEqual(
        bad(message),
      );
    },
  );

  it('accepts addresses with or without the P-/X- prefix, each UTXO once', async () => {
    const items = await all(
      `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=P-${SHOWCASE},X-${SHOWCASE},${SHOWCASE}`,
      'utxos',
    );
    expect(items.map((u) => u.utxoId)).toEqual(
      utxosOf('mainnet', P, [SHOWCASE])
        .sort(order((u) => u.blockTimestamp, 'desc'))
        .map((u) => u.utxoId),
    );
  });

  it('rejects a missing addresses parameter and a chain of another network with 400', async () => {
    expect(await service.request('/v1/networks/mainnet/blockchains/p-chain/utxos')).toEqual(
      bad('query parameter addresses is required'),
    );
    expect(
      await service.request(
        `/v1/networks/fuji/blockchains/${CHAINS.mainnet['c-chain']}/utxos?addresses=${SHOWCASE_P_ADDRESS.fuji}`,
      ),
    ).toEqual(bad('path parameter blockchainId must be the P, X or C-Chain of fuji'));
  });
});

type RewardRaw = {
  network: string;
  txHash: string;
  rewardType: string;
  nodeId: string;
  amountStaked: string;
  start: bigint;
  end: bigint;
  assetId: string;
  amount: string;
  addresses: string[];
};

describe('GET /v1/networks/{network}/rewards:listPending (4.14)', () => {
  let rewards: RewardRaw[];
  beforeAll(async () => {
    rewards =
      await db.query<RewardRaw>(`SELECT p.network::text AS network, p.tx_hash AS "txHash", p.reward_type::text AS "rewardType", p.node_id AS "nodeId",
      p.amount_staked::text AS "amountStaked", p.start_timestamp AS start, p.end_timestamp AS "end", p.asset_id AS "assetId",
      p.estimated_reward_amount::text AS amount,
      (SELECT array_agg(a.address ORDER BY a.address) FROM pending_reward_address a WHERE a.network = p.network AND a.tx_hash = p.tx_hash AND a.reward_type = p.reward_type) AS addresses
      FROM pending_reward p`);
  });

  /** 2.7a, with progress = elapsed share of the staking period at now, percent. */
  const restReward = (r: RewardRaw) => {
    const [start, end] = [Number(r.start), Number(r.end)];
    const progress = DEMO_NOW >= end ? 100 : DEMO_NOW <= start ? 0 : ((DEMO_NOW - start) * 100) / (end - start);
    const asset = assets.get(`${r.network}/${r.assetId}`)!;
    return {
      addresses: r.addresses,
      txHash: r.txHash,
      amountStaked: r.amountStaked,
      nodeId: r.nodeId,
      startTimestamp: start,
      endTimestamp: end,
      rewardType: r.rewardType,
      progress,
      estimatedReward: { ...asset, amount: r.amount },
    };
  };
  const newestFirst = (a: RewardRaw, b: RewardRaw) =>
    a.start !== b.start
      ? a.start > b.start
        ? -1
        : 1
      : a.txHash !== b.txHash
        ? a.txHash > b.txHash
          ? -1
          : 1
        : a.rewardType > b.rewardType
          ? -1
          : 1;

  it('by addresses: the rewards going to any of them, latest staking start first, with every field of 2.7a', async () => {
    const addresses = [
      SHOWCASE,
      ...rewards
        .filter((r) => r.network === 'mainnet')
        .slice(0, 30)
        .flatMap((r) => r.addresses),
    ];
    const unique = [...new Set(addresses)];
    const items = await all(`/v1/networks/mainnet/rewards:listPending?addresses=${unique.join(',')}`, 'pendingRewards');
    const expected = rewards
      .filter((r) => r.network === 'mainnet' && r.addresses.some((a) => unique.includes(a)))
      .sort(newestFirst);
    expect(items).toEqual(expected.map(restReward));
    expect(new Set(items.map((r) => r.rewardType))).toEqual(new Set(['VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE']));
    expect(items.some((r) => r.progress > 0 && r.progress < 100)).toBe(true);
  });

  it('pageSize defaults to 10 (section 8), latest staking start first', async () => {
    const nodes = [...new Set(rewards.filter((r) => r.network === 'mainnet').map((r) => r.nodeId))].slice(0, 20);
    const expected = rewards.filter((r) => r.network === 'mainnet' && nodes.includes(r.nodeId)).sort(newestFirst);
    expect(expected.length).toBeGreaterThan(10);
    const { body } = await service.request(`/v1/networks/mainnet/rewards:listPending?nodeIds=${nodes.join(',')}`);
    expect(body.pendingRewards).toEqual(expected.slice(0, 10).map(restReward));
    expect(typeof body.nextPageToken).toBe('string');
  });

  it('by nodeIds: the rewards of stakes on those nodes; sortOrder=asc oldest first', async () => {
    const nodes = [...new Set(rewards.filter((r) => r.network === 'fuji').map((r) => r.nodeId))].slice(0, 5);
    const items = await all(
      `/v1/networks/fuji/rewards:listPending?nodeIds=${nodes.join(',')}&sortOrder=asc`,
      'pendingRewards',
    );
    const expected = rewards
      .filter((r) => r.network === 'fuji' && nodes.includes(r.nodeId))
      .sort(newestFirst)
      .reverse();
    expect(items).toEqual(expected.map(restReward));
  });

  it('with both: the rewards matching both', async () => {
    const fee = rewards.find((r) => r.network === 'mainnet' && r.rewardType === 'VALIDATOR_FEE')!;
    const items = await all(
      `/v1/networks/mainnet/rewards:listPending?nodeIds=${fee.nodeId}&addresses=${fee.addresses[0]}`,
      'pendingRewards',
    );
    const expected = rewards
      .filter((r) => r.network === 'mainnet' && r.nodeId === fee.nodeId && r.addresses.includes(fee.addresses[0]!))
      .sort(newestFirst);
    expect(items).toEqual(expected.map(restReward));
  });

  it.each([
    ['', 'addresses or nodeIds must be given'],
    [
      'nodeIds=NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg&network=devnet',
      'path parameter network must be one of mainnet, fuji, testnet',
    ],
    ['nodeIds=NodeID-abc', 'query parameter nodeIds must be a node ID'],
    [`addresses=${SHOWCASE_P_ADDRESS.fuji}`, 'query parameter addresses must be mainnet addresses'],
    [`addresses=${SHOWCASE}&sortOrder=sideways`, 'query parameter sortOrder must be one of'],
    [`addresses=${SHOWCASE}&pageSize=0`, 'query parameter pageSize must be at least 1'],
    [`addresses=${SHOWCASE}&pageSize=101`, 'query parameter pageSize must be at most 100'],
    ['addresses=avax1notbech32', 'query parameter addresses must list bech32 addresses'],
    [`addresses=${Array(65).fill(SHOWCASE).join(',')}`, 'query parameter addresses must list at most 64 items'],
    [
      `nodeIds=${Array(65).fill('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg').join(',')}`,
      'query parameter nodeIds must list at most 64 items',
    ],
    [`addresses=${SHOWCASE}&pageToken=garbage`, 'pageToken is invalid'],
  ])('rejects "%s" with 400 and the error body', async (query, message) => {
    const network = query.includes('network=devnet') ? 'devnet' : 'mainnet';
    expect(await service.request(`/v1/networks/${network}/rewards:listPending?${query}`)).toEqual(bad(message));
  });
});

describe('GET /v1/networks/{network}/blockchains/{blockchainId}/nodes/{nodeId}/blocks (4.17)', () => {
  let blocks: BlockRaw[];
  beforeAll(async () => {
    blocks = await db.query<BlockRaw>(`SELECT ${blockColumns}
      FROM primary_network_block WHERE network = 'mainnet' AND proposer_node_id IS NOT NULL`);
  });
  /** The node that proposed the most blocks on a chain. */
  const busiest = (chain: string) => {
    const counts = new Map<string, number>();
    for (const b of blocks)
      if (b.blockchainId === chain) counts.set(b.proposerNodeId!, (counts.get(b.proposerNodeId!) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  };

  it.each(['p-chain', 'x-chain'] as const)(
    'lists the %s blocks a node proposed, latest first, with proposerDetails',
    async (alias) => {
      const chain = CHAINS.mainnet[alias];
      const node = busiest(chain);
      const items = await all(`/v1/networks/mainnet/blockchains/${alias}/nodes/${node}/blocks?x=1`, 'blocks');
      const expected = blocks.filter((b) => b.blockchainId === chain && b.proposerNodeId === node).sort(latestFirst);
      expect(expected.length).toBeGreaterThan(1);
      expect(items).toEqual(expected.map(restBlock));
      const { body } = await service.request(
        `/v1/networks/mainnet/blockchains/${alias}/nodes/${node}/blocks?pageSize=1`,
      );
      expect(body.chainInfo).toEqual({ chainName: alias, network: 'mainnet' });
    },
  );

  it('startTimestamp and endTimestamp bound the block time, both inclusive', async () => {
    const node = busiest(P);
    const mine = blocks.filter((b) => b.blockchainId === P && b.proposerNodeId === node).sort(latestFirst);
    const [end, start] = [mine[1]!.blockTimestamp, mine[mine.length - 2]!.blockTimestamp];
    const items = await all(
      `/v1/networks/mainnet/blockchains/p-chain/nodes/${node}/blocks?startTimestamp=${start}&endTimestamp=${end}`,
      'blocks',
    );
    expect(items).toEqual(mine.filter((b) => b.blockTimestamp >= start && b.blockTimestamp <= end).map(restBlock));
  });

  it('pageSize defaults to 10 (section 8)', async () => {
    const node = busiest(P);
    const expected = blocks.filter((b) => b.blockchainId === P && b.proposerNodeId === node).sort(latestFirst);
    const { body } = await service.request(`/v1/networks/mainnet/blockchains/p-chain/nodes/${node}/blocks`);
    expect(body.blocks).toEqual(expected.slice(0, 10).map(restBlock));
    expect('nextPageToken' in body).toBe(expected.length > 10);
  });

  it('answers an empty list for a node that proposed nothing', async () => {
    const { status, body } = await service.request(
      '/v1/networks/mainnet/blockchains/p-chain/nodes/NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg/blocks',
    );
    expect({ status, body }).toEqual({
      status: 200,
      body: { blocks: [], chainInfo: { chainName: 'p-chain', network: 'mainnet' } },
    });
  });

  it.each([
    [
      'c-chain',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      '',
      'path parameter blockchainId must be the P or X-Chain of mainnet',
    ],
    [
      CHAINS.fuji['x-chain'],
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      '',
      'path parameter blockchainId must be the P or X-Chain of mainnet',
    ],
    [
      'd-chain',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      '',
      'path parameter blockchainId must be p-chain, x-chain, c-chain or a blockchain ID',
    ],
    ['p-chain', 'NodeID-xyz', '', 'path parameter nodeId must be a node ID'],
    ['p-chain', '7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', '', 'path parameter nodeId must be a node ID'],
    [
      'p-chain',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      'startTimestamp=10&endTimestamp=9',
      'query parameter startTimestamp must not be after endTimestamp',
    ],
    [
      'p-chain',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      'startTimestamp=-1',
      'query parameter startTimestamp must be a Unix time',
    ],
    [
      'p-chain',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      'pageSize=101',
      'query parameter pageSize must be at most 100',
    ],
    [
      'p-chain',
      'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      'network=devnet',
      'path parameter network must be one of mainnet, fuji, testnet',
    ],
  ])('rejects %s, %s, "%s" with 400 and the error body', async (chain, node, query, message) => {
    const network = query === 'network=devnet' ? 'devnet' : 'mainnet';
    expect(await service.request(`/v1/networks/${network}/blockchains/${chain}/nodes/${node}/blocks?${query}`)).toEqual(
      bad(message),
    );
  });
});

describe('GET /v1/networks/{network}/blockchains/{blockchainId}/vertices (4.18)', () => {
  it('pageSize defaults to 10 (section 8)', async () => {
    const rows = await db.query<{ vertex_hash: string }>(
      `SELECT vertex_hash FROM x_chain_vertex WHERE network = 'mainnet' ORDER BY vertex_index DESC LIMIT 11`,
    );
    const { body } = await service.request('/v1/networks/mainnet/blockchains/x-chain/vertices');
    expect(body.vertices.map((v: any) => v.vertexHash)).toEqual(rows.slice(0, 10).map((row) => row.vertex_hash));
    expect('nextPageToken' in body).toBe(rows.length > 10);
  });

  it.each(['x-chain', CHAINS.fuji['x-chain']])(
    'lists the X-Chain vertices, latest first, with every field of 2.16 (%s)',
    async (chain) => {
      const network = chain === 'x-chain' ? 'mainnet' : 'fuji';
      const rows = await db.query<any>(
        `SELECT vertex_hash, parent_hashes, vertex_height, vertex_index, vertex_timestamp, tx_count, transactions, vertex_size_bytes
      FROM x_chain_vertex WHERE network = $1 ORDER BY vertex_index DESC`,
        [network],
      );
      expect(rows.length).toBeGreaterThan(10);
      const items = await all(`/v1/networks/${network}/blockchains/${chain}/vertices?x=1`, 'vertices');
      expect(items).toEqual(
        rows.map((v: any) => ({
          vertexHash: v.vertex_hash,
          parentHashes: v.parent_hashes,
          vertexHeight: Number(v.vertex_height),
          vertexIndex: Number(v.vertex_index),
          vertexTimestamp: Number(v.vertex_timestamp),
          txCount: v.tx_count,
          transactions: v.transactions,
          vertexSizeBytes: v.vertex_size_bytes,
        })),
      );
      const { body } = await service.request(`/v1/networks/${network}/blockchains/${chain}/vertices?pageSize=3`);
      expect(body.vertices).toHaveLength(3);
      expect(body.chainInfo).toEqual({ chainName: 'x-chain', network: 'fuji' === network ? 'fuji' : 'mainnet' });
    },
  );

  it.each([
    ['mainnet', 'p-chain', 'path parameter blockchainId must be the X-Chain of mainnet'],
    ['mainnet', 'c-chain', 'path parameter blockchainId must be the X-Chain of mainnet'],
    ['mainnet', CHAINS.fuji['x-chain'], 'path parameter blockchainId must be the X-Chain of mainnet'],
    ['mainnet', 'x-chain', 'query parameter pageSize must be at most 100', 'pageSize=1000'],
    ['testnet', 'x-chain', 'query parameter pageSize must be at least 1', 'pageSize=0'],
    ['devnet', 'x-chain', 'path parameter network must be one of mainnet, fuji, testnet'],
  ])('rejects %s %s with 400 and the error body', async (network, chain, message, query = '') => {
    expect(await service.request(`/v1/networks/${network}/blockchains/${chain}/vertices?${query}`)).toEqual(
      bad(message),
    );
  });
});

describe('GraphQL Address entity', () => {
  it('joins the balances of many addresses on the P-, X- and C-Chain with one statement per chain', async () => {
    const owners = [...new Set(utxos.filter((u) => u.network === 'mainnet').flatMap((u) => u.owners))].slice(0, 25);
    const query = /* GraphQL */ `query ($addresses: PrimaryAddressList!) { addresses(network: mainnet, addresses: $addresses) {
      address p: balances(blockchainId: "p-chain") { ... on ListPChainBalancesResponse { balances { unlockedUnstaked { assetId amount utxoCount } atomicMemoryUnlocked { sharedWithChainId amount } } } }
      x: balances(blockchainId: "x-chain") { ... on ListXChainBalancesResponse { balances { unlocked { assetId amount utxoCount } } } }
      c: balances(blockchainId: "c-chain") { ... on ListCChainAtomicBalancesResponse { balances { atomicMemoryLocked { amount utxoCount } } } } } }`;
    const before = statements;
    const { body } = await service.graphql(query, { addresses: [SHOWCASE, ...owners].join(',') });
    expect(body.errors).toBeUndefined();
    expect(statements - before).toBe(3);
    for (const entry of body.data.addresses) {
      const pick = (balances: any, members: Record<string, string[]>) =>
        Object.fromEntries(
          Object.entries(members).map(([member, fields]) => [
            member,
            balances[member]?.map((b: any) => Object.fromEntries(fields.map((f) => [f, b[f]]))) ?? null,
          ]),
        );
      expect(entry.p.balances).toEqual(
        pick(expectedBalances('mainnet', P, [entry.address], DEMO_NOW), {
          unlockedUnstaked: ['assetId', 'amount', 'utxoCount'],
          atomicMemoryUnlocked: ['sharedWithChainId', 'amount'],
        }),
      );
      expect(entry.x.balances).toEqual(
        pick(expectedBalances('mainnet', CHAINS.mainnet['x-chain'], [entry.address], DEMO_NOW), {
          unlocked: ['assetId', 'amount', 'utxoCount'],
        }),
      );
      expect(entry.c.balances).toEqual(
        pick(expectedBalances('mainnet', CHAINS.mainnet['c-chain'], [entry.address], DEMO_NOW), {
          atomicMemoryLocked: ['amount', 'utxoCount'],
        }),
      );
    }
  });

  it('refuses addresses of another network', async () => {
    const { body } = await service.graphql(`{ addresses(network: fuji, addresses: "${SHOWCASE}") { address } }`);
    expect(body.errors[0]).toMatchObject({
      message: expect.stringContaining('addresses must be fuji addresses'),
      extensions: { code: 'BAD_REQUEST' },
    });
  });
});
