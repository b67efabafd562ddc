// What the chain RPC serves beyond the index's own columns, on the hand-made chains: the header
// members stored from the node's block (subnet-evm's on the L1, coreth's on the C-Chain, none on a
// row indexed before they were kept), and execution-apis' blockTimestamp on transactions and logs.
// Expected values come from the fixture (miniChains.ts); every result also goes through the
// execution-apis validator.
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { executionApisResultErrors } from '../support/executionApis';
import { expectConforms } from './conformance';
import { call, send } from './http';
import { insertMiniChains, MINI, type MiniHeader } from './miniChains';

let db: Database;
let service: TestService;
const { l1, cChain } = MINI;
const hex = (n: bigint | number) => `0x${n.toString(16)}`;
const time = (n: number) => hex(l1.genesisTime + 10 * n);
const rpcOf = (chain: string) => `${service.base}/ext/bc/${chain}/rpc`;
async function result(chain: string, method: string, params: unknown[]): Promise<any> {
  const answer = await send(rpcOf(chain), { body: call(method, params) });
  expect(answer.json.error).toBeUndefined();
  return answer.json.result;
}

/** The members a stored header gives a block (a header: without size and blockExtraData). */
function membersOf(header: MiniHeader, block: boolean): Record<string, string> {
  const members: Record<string, string | undefined> = {
    stateRoot: header.stateRoot,
    transactionsRoot: header.transactionsRoot,
    receiptsRoot: header.receiptsRoot,
    extraData: header.extraData,
    size: block ? hex(header.size) : undefined,
    blockExtraData: block && header.blockExtraData ? header.blockExtraData : undefined,
    extDataHash: header.extDataHash ?? undefined,
    extDataGasUsed: header.extDataGasUsed === null ? undefined : hex(header.extDataGasUsed),
    blockGasCost: hex(header.blockGasCost),
    blobGasUsed: hex(header.blobGasUsed),
    excessBlobGas: hex(header.excessBlobGas),
    parentBeaconBlockRoot: header.parentBeaconBlockRoot,
    timestampMilliseconds: hex(header.timestampMilliseconds),
    minDelayExcess: hex(header.minDelayExcess),
  };
  return Object.fromEntries(Object.entries(members).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}
const HEADER_MEMBERS = [
  'stateRoot',
  'transactionsRoot',
  'receiptsRoot',
  'extraData',
  'size',
  'blockExtraData',
  'extDataHash',
  'extDataGasUsed',
  'blockGasCost',
  'blobGasUsed',
  'excessBlobGas',
  'parentBeaconBlockRoot',
  'timestampMilliseconds',
  'minDelayExcess',
];
const sorted = (keys: string[]) => [...keys].sort((a, b) => (a < b ? -1 : 1));

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertMiniChains(db);
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('eth_getBlockByNumber', () => {
  test('an L1 block carries the subnet-evm header members the node gave, and no coreth member', async () => {
    const block = await result(l1.blockchainId, 'eth_getBlockByNumber', [hex(3), false]);
    expect(block).toMatchObject(membersOf(MINI.headerOf(l1.blockchainId, 3)!, true));
    expect(Object.keys(block)).not.toEqual(expect.arrayContaining(['blockExtraData']));
    expect([block.extDataHash, block.extDataGasUsed]).toEqual([undefined, undefined]);
    expectConforms('eth_getBlockByNumber', block);
  });

  test("a C-Chain block carries coreth's members too: blockExtraData, extDataHash, extDataGasUsed", async () => {
    const block = await result(cChain.blockchainId, 'eth_getBlockByNumber', [hex(100), true]);
    expect(block).toMatchObject(membersOf(MINI.headerOf(cChain.blockchainId, 100)!, true));
    expect(block.blockExtraData).toBe('0x');
    expectConforms('eth_getBlockByNumber', block);
  });

  test('a row indexed before the members were kept leaves them out rather than invent them', async () => {
    const block = await result(cChain.blockchainId, 'eth_getBlockByNumber', [hex(101), false]);
    expect(Object.keys(block).filter((key) => HEADER_MEMBERS.includes(key))).toEqual([]);
    expect(block.hash).toBe(MINI.blockHash(cChain.blockchainId, 101));
    // Such a block conforms once its chain is indexed again; until then execution-apis misses them.
    expect(executionApisResultErrors('eth_getBlockByNumber', block)).toEqual(
      expect.arrayContaining(['$: must have required property \'stateRoot\' {"missingProperty":"stateRoot"}']),
    );
  });

  test("members come in byte order of their names, as Go writes the node's map", async () => {
    const block = await result(l1.blockchainId, 'eth_getBlockByNumber', [hex(2), true]);
    expect(Object.keys(block)).toEqual(sorted(Object.keys(block)));
  });
});

describe('eth_getBlockByHash', () => {
  test("the same block as by number; full transactions carry their block's blockTimestamp", async () => {
    const byHash = await result(l1.blockchainId, 'eth_getBlockByHash', [MINI.blockHash(l1.blockchainId, 4), true]);
    expect(byHash).toEqual(await result(l1.blockchainId, 'eth_getBlockByNumber', [hex(4), true]));
    expect(byHash.transactions.map((t: any) => [t.hash, t.blockTimestamp])).toEqual(
      [0, 1].map((i) => [MINI.txHash(l1.blockchainId, 4, i), time(4)]),
    );
    expectConforms('eth_getBlockByHash', byHash);
  });
});

describe('eth_getHeaderByNumber', () => {
  test("the header members without size, blockExtraData, transactions or uncles (the node's RPCMarshalHeader)", async () => {
    const header = await result(cChain.blockchainId, 'eth_getHeaderByNumber', [hex(102)]);
    const expected = membersOf(MINI.headerOf(cChain.blockchainId, 102)!, false);
    expect(header).toMatchObject(expected);
    expect(
      Object.keys(header)
        .filter((key) => HEADER_MEMBERS.includes(key))
        .sort(),
    ).toEqual(Object.keys(expected).sort());
    expect([header.size, header.blockExtraData, header.transactions, header.uncles]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('eth_getHeaderByHash', () => {
  test('the same header as by number', async () => {
    const byHash = await result(l1.blockchainId, 'eth_getHeaderByHash', [MINI.blockHash(l1.blockchainId, 5)]);
    expect(byHash).toEqual(await result(l1.blockchainId, 'eth_getHeaderByNumber', [hex(5)]));
    expect(byHash).toMatchObject(membersOf(MINI.headerOf(l1.blockchainId, 5)!, false));
  });
});

describe('eth_getTransactionByHash', () => {
  test("blockTimestamp is its block's time (execution-apis TransactionInfo)", async () => {
    const tx = await result(l1.blockchainId, 'eth_getTransactionByHash', [MINI.txHash(l1.blockchainId, 6, 1)]);
    expect([tx.blockNumber, tx.blockHash, tx.blockTimestamp]).toEqual([
      hex(6),
      MINI.blockHash(l1.blockchainId, 6),
      time(6),
    ]);
    expectConforms('eth_getTransactionByHash', tx);
  });
});

describe('eth_getTransactionByBlockNumberAndIndex', () => {
  test("blockTimestamp is its block's time", async () => {
    const tx = await result(cChain.blockchainId, 'eth_getTransactionByBlockNumberAndIndex', [hex(102), '0x1']);
    expect([tx.hash, tx.blockTimestamp]).toEqual([MINI.txHash(cChain.blockchainId, 102, 1), time(102)]);
    expectConforms('eth_getTransactionByBlockNumberAndIndex', tx);
  });
});

describe('eth_getTransactionByBlockHashAndIndex', () => {
  test("blockTimestamp is its block's time", async () => {
    const tx = await result(cChain.blockchainId, 'eth_getTransactionByBlockHashAndIndex', [
      MINI.blockHash(cChain.blockchainId, 101),
      '0x0',
    ]);
    expect([tx.hash, tx.blockTimestamp]).toEqual([MINI.txHash(cChain.blockchainId, 101, 0), time(101)]);
    expectConforms('eth_getTransactionByBlockHashAndIndex', tx);
  });
});

describe('eth_getTransactionReceipt', () => {
  test('its logs carry blockTimestamp (execution-apis Log); the receipt itself has no such member (ReceiptInfo)', async () => {
    const receipt = await result(l1.blockchainId, 'eth_getTransactionReceipt', [MINI.txHash(l1.blockchainId, 2, 1)]);
    expect(receipt.logs.map((l: any) => [l.logIndex, l.blockTimestamp])).toEqual([['0x1', time(2)]]);
    expect(receipt.blockTimestamp).toBeUndefined();
    expectConforms('eth_getTransactionReceipt', receipt);
  });
});

describe('eth_getBlockReceipts', () => {
  test("every receipt's logs carry blockTimestamp", async () => {
    const receipts = await result(cChain.blockchainId, 'eth_getBlockReceipts', [hex(100)]);
    expect(receipts.flatMap((r: any) => r.logs.map((l: any) => l.blockTimestamp))).toEqual([time(100), time(100)]);
    expectConforms('eth_getBlockReceipts', receipts);
  });
});

describe('eth_getLogs', () => {
  test("each log carries its block's blockTimestamp; an empty answer conforms too", async () => {
    const logs = await result(l1.blockchainId, 'eth_getLogs', [{ fromBlock: hex(1), toBlock: hex(3) }]);
    expect(logs.map((l: any) => [l.blockNumber, l.blockTimestamp])).toEqual([
      [hex(1), time(1)],
      [hex(2), time(2)],
      [hex(2), time(2)],
      [hex(3), time(3)],
    ]);
    expectConforms('eth_getLogs', logs);
    expectConforms(
      'eth_getLogs',
      await result(l1.blockchainId, 'eth_getLogs', [{ fromBlock: 'pending', toBlock: 'pending' }]),
    );
  });
});
