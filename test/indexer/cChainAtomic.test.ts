// The C-Chain's atomic transactions, indexed by the EVM follower from the blocks' blockExtraData in
// each block's own write, and undone by a reorg. A scripted JSON-RPC server plays fuji's C-Chain;
// its blocks' extra data are atomic transactions written field by field after coreth's codec.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32Encode } from '../../avalanche/bech32';
import { concatBytes, toHex, u16, u32, u64 } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { PUBLIC_NETWORKS } from '../../avalanche/networks';
import { utxoIdOf } from '../../avalanche/tx-codec/utxoIdOf';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { createChainFollower } from '../../indexer/evm/follow/followChain';
import { createLoggerFactory } from '../../logging/createLoggerFactory';
import type { Database } from '../../prisma/database';
import { insertRows } from '../../prisma/write';
import { createRpcClient } from '../../shared/jsonRpc/createRpcClient';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { latestTransactions, transactionByHash } from '../contracts/support/primaryNetworkCalls';
import { checkCall, connectOfficialSdks, type OfficialSdks, type SdkName } from '../contracts/support/officialSdks';

const fuji = PUBLIC_NETWORKS.FUJI;
const C = fuji.chains['c-chain'];
const X = fuji.chains['x-chain'];
const P = fuji.chains['p-chain'];
const AVAX = fuji.avaxAssetId;
const T0 = 1_700_000_000; // after Apricot Phase 5: batches

const fill = (length: number, value: number) => new Uint8Array(length).fill(value);
const list = (items: Uint8Array[]) => concatBytes(u32(items.length), ...items);
const creds = (n: number) => list(Array.from({ length: n }, () => concatBytes(u32(9), list([fill(65, 1)]))));
const account = fill(20, 0xab);
const accountHex = `0x${'ab'.repeat(20)}`;
const owner = fill(20, 0x22);
const ownerAddress = bech32Encode('fuji', owner);
const exporterOwner = bech32Encode('fuji', fill(20, 0x33));

/** Source transactions of X-Chain exports into C (their output 0). */
const stored1 = cb58Encode(fill(32, 1));
const stored2 = cb58Encode(fill(32, 2));
const unknownExport = cb58Encode(fill(32, 9));

const transferInput = (txId: string, amount: bigint) =>
  concatBytes(cb58Decode(txId), u32(0), cb58Decode(AVAX), u32(5), u64(amount), list([u32(0)]));
const importTx = (inputs: Uint8Array[], credited: bigint) =>
  concatBytes(
    u16(0),
    u32(0),
    u32(5),
    cb58Decode(C),
    cb58Decode(X),
    list(inputs),
    list([concatBytes(account, u64(credited), cb58Decode(AVAX))]),
    creds(inputs.length),
  );
const exportTx = (debited: bigint, exported: bigint) =>
  concatBytes(
    u16(0),
    u32(1),
    u32(5),
    cb58Decode(C),
    cb58Decode(P),
    list([concatBytes(account, u64(debited), cb58Decode(AVAX), u64(0n))]),
    list([concatBytes(cb58Decode(AVAX), u32(7), u64(exported), u64(0n), u32(1), list([owner]))]),
    creds(1),
  );
const batch = (...signed: Uint8Array[]) => concatBytes(u16(0), u32(signed.length), ...signed.map((s) => s.subarray(2)));
const idOf = (signed: Uint8Array) => cb58Encode(sha256(signed));

// Block 1 imports a stored export and one not indexed yet (3 + 1 AVAX in, 3.99 out: 0.01 burned);
// block 2 exports 2 AVAX to the P-Chain (1.999 exported: 0.001 burned); block 3 imports the other stored export.
const import1 = importTx(
  [transferInput(stored1, 3_000_000_000n), transferInput(unknownExport, 1_000_000_000n)],
  3_990_000_000n,
);
const export2 = exportTx(2_000_000_000n, 1_999_000_000n);
const import3 = importTx([transferInput(stored2, 5_000_000_000n)], 4_999_000_000n);
const extraOf: Record<number, Uint8Array> = { 1: batch(import1), 2: batch(export2), 3: batch(import3) };

let server: Server;
let url = '';
/** Blocks from this height on are of the other branch (hashes differ, no atomic transactions). */
let forkAt = Number.POSITIVE_INFINITY;
const hash = (n: number, branch: number) => `0x${(n + 1 + branch * 0x1000).toString(16).padStart(64, '0')}`;
const blockOf = (n: number) => {
  const branch = n >= forkAt ? 1 : 0;
  const parentBranch = n - 1 >= forkAt ? 1 : 0;
  return {
    number: `0x${n.toString(16)}`,
    hash: hash(n, branch),
    parentHash: n === 0 ? `0x${'0'.repeat(64)}` : hash(n - 1, parentBranch),
    timestamp: `0x${(T0 + n * 2).toString(16)}`,
    gasLimit: '0x1000',
    gasUsed: '0x0',
    miner: `0x${'00'.repeat(20)}`,
    transactions: [],
    blockExtraData: `0x${branch === 0 && extraOf[n] ? toHex(extraOf[n]!) : ''}`,
  };
};

let db: Database;
const run = async () => {
  const chain = parseIndexerConfig(
    JSON.stringify({
      evm: [
        {
          chainId: 43113,
          rpcUrl: url,
          network: 'fuji',
          blockchainId: C,
          headTag: 'latest',
          traces: false,
          concurrency: 2,
        },
      ],
    }),
  ).evm[0]!;
  const follower = createChainFollower({
    db,
    chain,
    logger: createLoggerFactory({ display: () => {} }).get('indexer'),
    exitAtHead: true,
    rpc: createRpcClient({ urls: [url], attempts: 2, backoffMs: 1 }),
  });
  await follower.run();
};

const storedExport = (txId: string, amount: bigint) => ({
  network: 'FUJI' as const,
  utxoId: utxoIdOf(txId, 0),
  blockchainId: C,
  txHash: txId,
  outputIndex: 0,
  assetId: AVAX,
  amount: amount.toString(),
  threshold: 1,
  utxoType: 'TRANSFER' as const,
  createdOnChainId: X,
  blockNumber: 10n,
  blockTimestamp: BigInt(T0 - 100),
  sharedWithChainId: X,
  utxoBytes: '0x00',
});

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const body = JSON.parse(text);
      const one = (call: { id: number; method: string; params: unknown[] }) => {
        const result = (() => {
          switch (call.method) {
            case 'eth_chainId':
              return '0xa869';
            case 'eth_blockNumber':
              return '0x3';
            case 'eth_getBlockByNumber':
              return Number(call.params[0]) <= 3 ? blockOf(Number(call.params[0])) : null;
            case 'eth_getBlockReceipts':
              return [];
            default:
              return undefined;
          }
        })();
        return result === undefined
          ? {
              jsonrpc: '2.0',
              id: call.id,
              error: { code: -32601, message: 'the method does not exist/is not available' },
            }
          : { jsonrpc: '2.0', id: call.id, result };
      };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  db = await setupTestDatabase();
  await db.transaction(async (tx) => {
    await insertRows(tx, 'Asset', [
      { network: 'FUJI', assetId: AVAX, name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'SECP256K1' },
    ]);
    await insertRows(tx, 'Utxo', [storedExport(stored1, 3_000_000_000n), storedExport(stored2, 5_000_000_000n)]);
    await insertRows(
      tx,
      'UtxoAddress',
      [stored1, stored2].map((txId) => ({
        network: 'FUJI' as const,
        address: exporterOwner,
        blockchainId: C,
        utxoId: utxoIdOf(txId, 0),
        blockTimestamp: BigInt(T0 - 100),
      })),
    );
  });
  await run();
}, 120_000);

afterAll(async () => {
  await teardown(db);
  await new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
});

const transactions = () =>
  db.query<{ tx_hash: string; blockchain_id: string; tx_type: string; block_number: string }>(
    `SELECT tx_hash, blockchain_id, tx_type, block_number::text FROM primary_network_transaction ORDER BY block_number`,
  );
const utxo = async (utxoId: string) =>
  (
    await db.query<Record<string, unknown>>(
      `SELECT blockchain_id, created_on_chain_id, shared_with_chain_id, amount::text AS amount, consumed_on_chain_id,
              consuming_tx_hash, consuming_block_number::text AS consuming_block_number, utxo_bytes = '' AS partial,
              ARRAY(SELECT a.address || ':' || coalesce(a.consuming_block_timestamp::text, '-') FROM utxo_address a
                     WHERE a.network = u.network AND a.utxo_id = u.utxo_id ORDER BY 1) AS owners
         FROM utxo u WHERE utxo_id = $1`,
      [utxoId],
    )
  )[0];
const touches = (txHash: string) =>
  db
    .query<{ address: string }>(
      'SELECT address FROM primary_network_transaction_address WHERE tx_hash = $1 AND blockchain_id = $2 ORDER BY address',
      [txHash, C],
    )
    .then((rows) => rows.map((r) => r.address));
const burnedTotals = () =>
  db
    .query<{ number: string; total: string | null }>(
      'SELECT number::text, atomic_burned_total::text AS total FROM evm_block WHERE chain_id = 43113 ORDER BY number',
    )
    .then((rows) => rows.map((r) => [r.number, r.total]));

// Before the reorg below: the SDKs read the three transactions as indexed.
describe.each(['chainkit', 'avacloud'] as const)('the official SDK %s on the indexed C-Chain', (sdk: SdkName) => {
  let service: TestService;
  const sdks = {} as OfficialSdks;
  beforeAll(async () => {
    service = await startTestService(db);
    Object.assign(sdks, connectOfficialSdks(service));
  });
  afterAll(async () => {
    sdks.release?.();
    await service?.close();
  });

  test.each([
    ['an ImportTx with an input not indexed yet', import1],
    ['an ExportTx', export2],
    ['an ImportTx', import3],
  ])('accepts getTxByHash of %s and hands back what the service answered', async (_kind, signed) => {
    const answered = await checkCall(
      sdks,
      sdk,
      'getTxByHash',
      transactionByHash(sdks, 'fuji', 'c-chain', idOf(signed)),
    );
    expect(answered).toMatchObject({ txHash: idOf(signed) });
  });

  test('accepts the C-Chain transaction lists, of the chain and of an EVM account and a P-Chain owner', async () => {
    for (const addresses of [undefined, accountHex, ownerAddress])
      await checkCall(
        sdks,
        sdk,
        'listLatestPrimaryNetworkTransactions',
        latestTransactions(sdks, 'fuji', 'c-chain', addresses),
      );
  });
});

describe('indexing the C-Chain atomic transactions', () => {
  test("each block's atomic transactions are C-Chain transactions at the EVM block's height, ID SHA-256 of their bytes", async () => {
    expect(await transactions()).toEqual([
      { tx_hash: idOf(import1), blockchain_id: C, tx_type: 'ImportTx', block_number: '1' },
      { tx_hash: idOf(export2), blockchain_id: C, tx_type: 'ExportTx', block_number: '2' },
      { tx_hash: idOf(import3), blockchain_id: C, tx_type: 'ImportTx', block_number: '3' },
    ]);
  });

  test("an ImportTx consumes the X-Chain's export from the C-Chain's shared memory", async () => {
    expect(await utxo(utxoIdOf(stored1, 0))).toMatchObject({
      blockchain_id: C,
      consumed_on_chain_id: C,
      consuming_tx_hash: idOf(import1),
      consuming_block_number: '1',
      owners: [`${exporterOwner}:${T0 + 2}`],
    });
  });

  test('an import of an export not indexed yet stores the UTXO as far as the input tells, consumed', async () => {
    expect(await utxo(utxoIdOf(unknownExport, 0))).toMatchObject({
      blockchain_id: C,
      created_on_chain_id: X,
      amount: '1000000000',
      consuming_tx_hash: idOf(import1),
      partial: true,
      owners: [],
    });
  });

  test("an ExportTx puts its outputs into the destination chain's shared memory, numbered from 0", async () => {
    expect(await utxo(utxoIdOf(idOf(export2), 0))).toMatchObject({
      blockchain_id: P,
      created_on_chain_id: C,
      shared_with_chain_id: C,
      amount: '1999000000',
      consumed_on_chain_id: null,
      partial: false,
      owners: [`${ownerAddress}:-`],
    });
  });

  test('a transaction touches the owners of its UTXOs and the EVM accounts it credits or debits', async () => {
    expect(await touches(idOf(import1))).toEqual([accountHex, exporterOwner].sort());
    expect(await touches(idOf(export2))).toEqual([accountHex, ownerAddress].sort());
  });

  test('every C-Chain block carries the running total its atomic transactions burned (consumed less created)', async () => {
    expect(await burnedTotals()).toEqual([
      ['0', '0'],
      ['1', '10000000'],
      ['2', '11000000'],
      ['3', '12000000'],
    ]);
  });

  test('a reorg removes the atomic transactions of the rewound blocks and their effects', async () => {
    forkAt = 2;
    await run();
    expect((await transactions()).map((t) => t.tx_hash)).toEqual([idOf(import1)]);
    expect(await utxo(utxoIdOf(idOf(export2), 0))).toBeUndefined();
    expect(await utxo(utxoIdOf(stored2, 0))).toMatchObject({
      consumed_on_chain_id: null,
      consuming_tx_hash: null,
      consuming_block_number: null,
      owners: [`${exporterOwner}:-`],
    });
    expect(await utxo(utxoIdOf(stored1, 0))).toMatchObject({ consuming_tx_hash: idOf(import1) });
    expect(await touches(idOf(export2))).toEqual([]);
    expect(await touches(idOf(import3))).toEqual([]);
    expect(await burnedTotals()).toEqual([
      ['0', '0'],
      ['1', '10000000'],
      ['2', '10000000'],
      ['3', '10000000'],
    ]);
  });
});
