// Client compatibility, blocks: the chain RPC's basic and block methods (ethClientsFixture.ts
// CLIENT_TEST_METHODS.blocks) called through viem and through ethers v6 on the demo data set. Each
// client must parse every answer (blocks with and without full transactions, headers, counts, chain
// ID, block number) without error, the values it parses must equal what the index holds (plain SQL),
// and every result conforms to execution-apis (the fixture's hooks check each answer either client
// receives). Transactions, receipts, logs and balances: ethClientsTransactions.test.ts; subnet-evm's
// methods: ethClientsSubnetEvm.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { getBigInt, getBytes, getNumber, Network } from 'ethers';
import { formatBlock as viemFormatBlock, hexToBytes, type Hex } from 'viem';
import {
  CLIENT_TEST_METHODS,
  SEEDED_DATABASE_TIMEOUT_MS,
  expectCalledAndChecked,
  indexedBlock,
  openEthClients,
  sampleBlocks,
  type EthClients,
} from './ethClientsFixture';
import { blockFromEthers, blockFromViem, txFromEthers, txFromViem } from './neutralShapes';

let f: EthClients;
const h = (n: bigint | number) => `0x${n.toString(16)}`;

beforeAll(async () => {
  f = await openEthClients();
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(() => f?.close());
afterEach(() =>
  expect({ viem: f.viemLog.violations, ethers: f.ethersLog.violations }).toEqual({ viem: [], ethers: [] }),
);

describe('eth_chainId', () => {
  test("both clients read each chain's EVM chain ID", async () => {
    expect(f.chains.map((c) => c.chainId)).toEqual([43113n, 43114n, 202611n, 737373n]);
    for (const chain of f.chains) {
      expect(BigInt(await chain.viem.getChainId())).toBe(chain.chainId);
      expect(Network.from(getBigInt(await chain.ethers.send('eth_chainId', []))).chainId).toBe(chain.chainId);
    }
  });
});

describe('net_version', () => {
  test('the chain ID in decimal', async () => {
    for (const chain of f.chains) {
      expect(BigInt(await chain.viem.request({ method: 'net_version' }))).toBe(chain.chainId);
      expect(getBigInt(await chain.ethers.send('net_version', []))).toBe(chain.chainId);
    }
  });
});

describe('web3_clientVersion', () => {
  test("the service's name and version from its package.json", async () => {
    const { name, version } = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
    const chain = f.chains[0]!;
    expect(await chain.viem.request({ method: 'web3_clientVersion' })).toBe(`${name}/v${version}`);
    expect(await chain.ethers.send('web3_clientVersion', [])).toBe(`${name}/v${version}`);
  });
});

describe('web3_sha3', () => {
  test('keccak-256 of the bytes', async () => {
    const input = new TextEncoder().encode('avalanche');
    const expected = Buffer.from(keccak_256(input));
    const data = `0x${Buffer.from(input).toString('hex')}` as Hex;
    const chain = f.chains[0]!;
    expect(Buffer.from(hexToBytes(await chain.viem.request({ method: 'web3_sha3', params: [data] })))).toEqual(
      expected,
    );
    expect(Buffer.from(getBytes(await chain.ethers.send('web3_sha3', [data])))).toEqual(expected);
  });
});

describe('eth_blockNumber', () => {
  test('the index head', async () => {
    for (const chain of f.chains) {
      expect(await chain.viem.getBlockNumber({ cacheTime: 0 })).toBe(chain.head);
      expect(BigInt(await chain.ethers.getBlockNumber())).toBe(chain.head);
    }
  });
});

describe('eth_getBlockByNumber', () => {
  test('blocks with and without transactions, as hashes and as objects, equal the index (header members included)', async () => {
    for (const chain of f.chains) {
      for (const number of await sampleBlocks(f, chain)) {
        const { row, block, txs } = await indexedBlock(f, chain, number);
        for (const full of [false, true]) {
          const viemBlock = await chain.viem.getBlock({ blockNumber: number, includeTransactions: full });
          const ethersBlock = (await chain.ethers.getBlock(number, full))!;
          expect([blockFromViem(viemBlock), blockFromEthers(ethersBlock)]).toEqual([block, block]);
          expect(viemBlock.size).toBe(BigInt(row.size));
          if (!full) continue;
          expect([
            viemBlock.transactions.map((t) => txFromViem(t as never)),
            ethersBlock.prefetchedTransactions.map(txFromEthers),
          ]).toEqual([txs, txs]);
          expect(viemBlock.transactions.map((t: any) => t.blockTimestamp)).toEqual(txs.map(() => block.timestamp));
        }
      }
    }
  });

  test("coreth's and Granite's own members come through as the index holds them", async () => {
    for (const chain of f.chains) {
      const { row } = await indexedBlock(f, chain, chain.head);
      const viemBlock: any = await chain.viem.getBlock({ blockNumber: chain.head });
      const coreth = chain.chainId === 43114n || chain.chainId === 43113n;
      expect([viemBlock.blockExtraData, viemBlock.extDataHash, viemBlock.extDataGasUsed]).toEqual(
        coreth ? ['0x', row.ext_data_hash, h(BigInt(row.ext_data_gas_used))] : [undefined, undefined, undefined],
      );
      expect([viemBlock.blockGasCost, viemBlock.timestampMilliseconds, viemBlock.minDelayExcess]).toEqual([
        h(BigInt(row.block_gas_cost)),
        h(BigInt(row.timestamp_milliseconds)),
        h(BigInt(row.min_delay_excess)),
      ]);
    }
  });
});

describe('eth_getBlockByHash', () => {
  test('the same blocks by hash', async () => {
    for (const chain of f.chains) {
      for (const number of await sampleBlocks(f, chain)) {
        const { block } = await indexedBlock(f, chain, number);
        expect(
          blockFromViem(await chain.viem.getBlock({ blockHash: block.hash as Hex, includeTransactions: true })),
        ).toEqual(block);
        expect(blockFromEthers((await chain.ethers.getBlock(block.hash, true))!)).toEqual(block);
      }
    }
  });
});

describe('eth_getHeaderByNumber', () => {
  test("the block's header: what the block has, without transactions", async () => {
    for (const chain of f.chains) {
      const network = await chain.ethers.getNetwork();
      for (const number of await sampleBlocks(f, chain)) {
        const { block } = await indexedBlock(f, chain, number);
        const raw = await chain.viem.request({
          method: 'eth_getHeaderByNumber' as never,
          params: [h(number)] as never,
        });
        expect(blockFromViem(viemFormatBlock(raw as never) as never)).toEqual({ ...block, transactions: [] });
        // ethers has no header type: a header parses as a block without transactions.
        const header = await chain.ethers.send('eth_getHeaderByNumber', [h(number)]);
        expect(blockFromEthers(chain.ethers._wrapBlock({ ...header, transactions: [] }, network))).toEqual({
          ...block,
          transactions: [],
        });
      }
    }
  });
});

describe('eth_getHeaderByHash', () => {
  test('the same header by hash', async () => {
    for (const chain of f.chains) {
      const { block } = await indexedBlock(f, chain, chain.head);
      const raw = await chain.viem.request({ method: 'eth_getHeaderByHash' as never, params: [block.hash] as never });
      expect(raw).toEqual(await chain.ethers.send('eth_getHeaderByHash', [block.hash]));
      expect(blockFromViem(viemFormatBlock(raw as never) as never)).toEqual({ ...block, transactions: [] });
    }
  });
});

describe('eth_getBlockTransactionCountByNumber', () => {
  test('the number of transactions the index holds for the block', async () => {
    for (const chain of f.chains) {
      for (const number of await sampleBlocks(f, chain)) {
        const { txs } = await indexedBlock(f, chain, number);
        expect(await chain.viem.getBlockTransactionCount({ blockNumber: number })).toBe(txs.length);
        expect(getNumber(await chain.ethers.send('eth_getBlockTransactionCountByNumber', [h(number)]))).toBe(
          txs.length,
        );
      }
    }
  });
});

describe('eth_getBlockTransactionCountByHash', () => {
  test('the same count by hash', async () => {
    for (const chain of f.chains) {
      const { block, txs } = await indexedBlock(f, chain, (await sampleBlocks(f, chain))[0]!);
      expect(await chain.viem.getBlockTransactionCount({ blockHash: block.hash as Hex })).toBe(txs.length);
      expect(getNumber(await chain.ethers.send('eth_getBlockTransactionCountByHash', [block.hash]))).toBe(txs.length);
    }
  });
});

describe('the methods of this file', () => {
  test('were called through both clients, and each result of a method execution-apis defines was checked', () =>
    expectCalledAndChecked(f, CLIENT_TEST_METHODS.blocks));
});
