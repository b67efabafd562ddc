// The EVM operations through the official SDKs on an indexed anvil chain (OpenZeppelin ERC-20/721/
// 1155 contracts, a CREATE2 factory, a value forwarder, a refusing contract; bench/indexer/
// generateTraffic.ts), as an operator's own index answers them, not the demo data: every account's
// and contract's lists and balances, blocks, a transaction of each kind (by recipient and status),
// NFTs whose metadata loaded, was missing or was not JSON, and the chain itself.
import type { Server } from 'node:http';
import type { Database } from '../../prisma/database';
import { compileContracts } from '../../bench/indexer/compileContracts';
import { generateTraffic, type TestContracts } from '../../bench/indexer/generateTraffic';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { anvilConfig, indexOnce } from '../indexer/support/indexOnce';
import { startNftMetadataHost } from '../indexer/support/nftMetadataHost';
import { officialOperationIds } from './support/officialOperationIds';
import { evmCalls, type EvmValues } from './support/evmCalls';
import { type Call, checkCall, connectOfficialSdks, type OfficialSdks, type SdkName } from './support/officialSdks';

jest.setTimeout(180_000);

const CHAIN_ID = '31337';
let anvil: Anvil;
let db: Database;
let metadata: Server;
let service: TestService;
let contracts: TestContracts;
let accounts: string[];
/** Filled once the service runs; the calls read it when they are made. */
const sdks = {} as OfficialSdks;
/** The chain's values, each in turn (filled from the index). */
const each = {
  address: [] as string[],
  block: [] as string[],
  tx: [] as string[],
  nft: [] as { nft: string; nftTokenId: string }[],
  contract: [] as string[],
};

beforeAll(async () => {
  const artifacts = compileContracts();
  const host = await startNftMetadataHost();
  metadata = host.server;
  [anvil, db] = await Promise.all([startAnvil(), setupTestDatabase()]);
  ({ contracts, accounts } = await generateTraffic(anvil, artifacts, {
    blocks: 12,
    txPerBlock: 40,
    nftBaseUri: `${host.base}/nft/`,
    multiUri: `${host.base}/m/{id}.json`,
  }));
  await indexOnce(db, anvilConfig(anvil.url));
  service = await startTestService(db);
  Object.assign(sdks, connectOfficialSdks(service));

  const deployed = [...contracts.token, contracts.nft, contracts.multi, contracts.factory, contracts.forwarder];
  each.address = [...accounts, ...deployed];
  each.contract = deployed;
  // every fourth block, the first and the last
  const blocks = await db.query<{ number: bigint; hash: string }>(
    `SELECT number, hash FROM evm_block WHERE chain_id = ${CHAIN_ID} ORDER BY number`,
  );
  each.block = blocks.filter((_, i) => i % 4 === 0 || i === blocks.length - 1).map((b) => String(b.number));
  each.block.push(blocks.at(-1)!.hash);
  // a transaction of each kind: by recipient (a creation has none) and status
  each.tx = (
    await db.query<{ tx_hash: string }>(
      `SELECT DISTINCT ON (coalesce(to_address, ''), status) tx_hash FROM evm_transaction WHERE chain_id = ${CHAIN_ID}
        ORDER BY coalesce(to_address, ''), status, block_number, block_index`,
    )
  ).map((row) => row.tx_hash);
  // the first tokens of each collection: their metadata loaded, was missing (404) or was not JSON
  each.nft = (
    await db.query<{ token_address: string; token_id: string }>(
      `SELECT token_address, token_id::text FROM (
         SELECT token_address, token_id, row_number() OVER (PARTITION BY token_address ORDER BY token_id) AS n
           FROM (SELECT DISTINCT token_address, token_id FROM evm_token_transfer
                  WHERE chain_id = ${CHAIN_ID} AND token_address IN ($1, $2)) tokens) ranked
        WHERE n <= 6 ORDER BY token_address, token_id`,
      [contracts.nft, contracts.multi],
    )
  ).map((row) => ({ nft: row.token_address, nftTokenId: row.token_id }));
}, 180_000);

afterAll(async () => {
  sdks.release?.();
  await service?.close();
  await anvil?.stop();
  metadata?.close();
  await teardown(db);
});

/** The values every call starts from: the first of each kind. */
const first = (): EvmValues => ({
  address: each.address[0]!,
  block: each.block[0]!,
  tx: each.tx[0]!,
  nft: each.nft[0]!.nft,
  nftTokenId: each.nft[0]!.nftTokenId,
  reindexTokenIds: { chainkit: each.nft[0]!.nftTokenId, avacloud: each.nft[1]!.nftTokenId },
  contract: contracts.token[0]!,
  token: contracts.token[0]!,
  deployed: contracts.factory,
});

/** Every call of an operation, each value of the chain in turn where the operation takes one. */
function callsOf(operationId: string): Call[] {
  // a token is reindexed once an hour: one call (each SDK its own token)
  if (operationId === 'reindexNft') return [evmCalls(sdks, CHAIN_ID, 'fuji', first())[operationId]!];
  const variants: Partial<EvmValues>[] = [
    ...each.address.map((address) => ({ address })),
    ...each.block.map((block) => ({ block })),
    ...each.tx.map((tx) => ({ tx })),
    ...each.nft,
    ...each.contract.map((contract) => ({ contract, token: contract, deployed: contract })),
  ];
  const calls = variants.map((variant) => evmCalls(sdks, CHAIN_ID, 'fuji', { ...first(), ...variant })[operationId]!);
  // the same request made twice adds nothing
  return calls.filter((call, i) => calls.findIndex((other) => other.path === call.path) === i);
}

/** The operations, named without values (the call builder's keys). */
const operationIds = Object.keys(
  evmCalls({} as OfficialSdks, CHAIN_ID, 'fuji', {
    reindexTokenIds: { chainkit: '', avacloud: '' },
  } as EvmValues),
);

describe.each(['chainkit', 'avacloud'] as const)('the official SDK %s on an indexed anvil chain', (sdk: SdkName) => {
  it('covers every EVM operation of the official document (its EVM and NFT tags)', () => {
    expect([...operationIds].sort()).toEqual(officialOperationIds((tag) => tag.startsWith('EVM ') || tag === 'NFTs'));
  });

  it.each(operationIds)(
    'accepts %s on every value of the chain and hands back what the service answered',
    async (operationId) => {
      const calls = callsOf(operationId);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) await checkCall(sdks, sdk, operationId, call);
    },
  );

  it('reaches no host but this service (no telemetry)', () => {
    expect(sdks.elsewhere).toEqual([]);
  });
});

test('the values cover the chain: accounts and contracts, blocks, a failed transaction and a creation, NFTs of both standards', async () => {
  expect(each.address.length).toBeGreaterThan(10);
  const kinds = await db.query<{ status: number; creation: boolean }>(
    `SELECT status, to_address IS NULL AS creation FROM evm_transaction WHERE chain_id = ${CHAIN_ID} AND tx_hash = ANY($1)`,
    [each.tx],
  );
  expect(kinds.some((k) => k.status === 0)).toBe(true);
  expect(kinds.some((k) => k.creation)).toBe(true);
  expect(new Set(each.nft.map((n) => n.nft))).toEqual(new Set([contracts.nft, contracts.multi]));
});
