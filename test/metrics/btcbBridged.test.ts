// The BTC.b bridged rollup (metrics/btcbBridged.ts) against a recount from the raw transfers: kept
// block by block by the write path's metrics hook, taken back by a rewind, recomputed by the rebuild.
import { hexToBytes, toHexRow } from '../../prisma/hexBytes';
import { BTCB_ADDRESS, countBlockMetrics, rebuildMetrics, recountRewoundMetrics } from '../../metrics';
import type { Database } from '../../prisma/database';
import { rewindChain, writeBlock, writeBlocks, type BlockWrite, type ChainRows, type RowOf } from '../../prisma/write';
import { insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { mulberry32 } from '../support/mulberry32';

const C_CHAIN = 43114n;
const ZERO = '0x0000000000000000000000000000000000000000';
const OTHER_TOKEN = '0x70ce000000000000000000000000000000000009';
const users = Array.from({ length: 9 }, (_, i) => `0x${(i + 1).toString(16).padStart(4, '0')}${'b7'.repeat(18)}`);

/** 40 C-Chain blocks of BTC.b mints, burns and transfers (and another token's mints and burns, which do not count). */
function blocks(chainId = C_CHAIN): BlockWrite[] {
  const rand = mulberry32(43114);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  return Array.from({ length: 40 }, (_, i) => {
    const number = 1000n + BigInt(i);
    const hash = `0x${chainId.toString(16).padStart(8, '0')}${number.toString(16).padStart(56, '0')}`;
    const transfers: RowOf<'EvmTokenTransfer'>[] = Array.from({ length: Math.floor(rand() * 4) }, (_, logIndex) => {
      const kind = rand();
      const user = pick(users);
      return {
        chainId,
        txHash: `0x${hash.slice(10)}${logIndex.toString(16).padStart(8, '0')}`,
        logIndex,
        batchIndex: 0,
        blockNumber: number,
        ercType: 'ERC20' as const,
        tokenAddress: rand() < 0.2 ? OTHER_TOKEN : BTCB_ADDRESS,
        from: kind < 0.5 ? ZERO : user,
        to: kind < 0.5 ? user : kind < 0.8 ? ZERO : pick(users),
        value: String(1 + Math.floor(rand() * 5_000_000)),
        tokenId: null,
      };
    });
    return {
      cursor: { chainKey: `evm:${chainId}`, height: number, blockHash: hash },
      rows: {
        EvmBlock: [
          {
            chainId,
            number,
            hash,
            parentHash: `0x${'0'.repeat(64)}`,
            timestamp: BigInt(1_770_000_000 + i * 7),
            gasLimit: '15000000',
            gasUsed: '0',
            txCount: 0,
            miner: ZERO,
          },
        ],
        EvmTokenTransfer: transfers,
      },
    };
  });
}

/** Net BTC.b per address from the stored transfers alone: minted to it less burnt from it; zeros left out. */
async function recount(): Promise<Record<string, string>> {
  const rows = (
    await db.prisma.evmTokenTransfer.findMany({ where: { chainId: C_CHAIN, tokenAddress: hexToBytes(BTCB_ADDRESS) } })
  ).map(toHexRow);
  const net = new Map<string, bigint>();
  for (const t of rows) {
    const value = BigInt(t.value.toFixed());
    if (t.from === ZERO && t.to !== ZERO) net.set(t.to, (net.get(t.to) ?? 0n) + value);
    if (t.to === ZERO && t.from !== ZERO) net.set(t.from, (net.get(t.from) ?? 0n) - value);
  }
  return Object.fromEntries([...net].filter(([, v]) => v !== 0n).map(([k, v]) => [k, v.toString()]));
}

/** The rollup's rows, zeros left out (an address whose mints and burns cancel keeps its row). */
async function rollup(): Promise<Record<string, string>> {
  const rows = await db.query<{ address: string; net: string }>(
    'SELECT address, net::text AS net FROM btcb_bridged WHERE net <> 0',
  );
  return Object.fromEntries(rows.map((r) => [r.address, r.net]));
}

const targets: ChainRows[] = [
  { model: 'EvmTokenTransfer', chain: { chainId: C_CHAIN }, heightField: 'blockNumber' },
  { model: 'EvmBlock', chain: { chainId: C_CHAIN }, heightField: 'number' },
];

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await db.prisma.evmChain.create({
    data: {
      chainId: C_CHAIN,
      network: 'MAINNET',
      blockchainId: 'mainnetSubnet0-chain0',
      chainName: 'C-Chain',
      nativeTokenName: 'Avalanche',
      nativeTokenSymbol: 'AVAX',
      nativeTokenDecimals: 18,
    },
  });
}, 60_000);
afterAll(() => teardown(db));

describe('the BTC.b bridged rollup', () => {
  test('writeBlock: every address holds its minted less its burnt BTC.b, other tokens aside', async () => {
    for (const block of blocks()) await writeBlock(db, block, { beforeRows: countBlockMetrics });
    const expected = await recount();
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    expect(Object.values(expected).some((v) => v.startsWith('-'))).toBe(true);
    expect(await rollup()).toEqual(expected);
  }, 60_000);

  test('writing a stored block again counts nothing twice', async () => {
    const before = await rollup();
    await writeBlock(db, blocks()[7]!, { beforeRows: countBlockMetrics });
    expect(await rollup()).toEqual(before);
  });

  test('a rewind takes back the removed blocks: the rollup of the remaining transfers', async () => {
    const ancestor = blocks()[24]!.cursor;
    const before = await rollup();
    await rewindChain(db, ancestor, targets, { beforeDelete: recountRewoundMetrics(C_CHAIN, ancestor.height) });
    const expected = await recount();
    expect(expected).not.toEqual(before);
    expect(await rollup()).toEqual(expected);
  }, 60_000);

  test("writeBlocks: a backfill's batches count what single blocks count", async () => {
    const rest = blocks().slice(25);
    for (let i = 0; i < rest.length; i += 4)
      await writeBlocks(db, rest.slice(i, i + 4), { beforeRows: countBlockMetrics });
    expect(await rollup()).toEqual(await recount());
  }, 60_000);

  test('rebuildMetrics recomputes the rollup from the transfers', async () => {
    await db.query('UPDATE btcb_bridged SET net = net + 1');
    await rebuildMetrics(db);
    expect(await rollup()).toEqual(await recount());
  }, 60_000);
});
