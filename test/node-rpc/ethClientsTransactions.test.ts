// Client compatibility, transactions: eth_getTransactionBy*, receipts, logs and balances
// (ethClientsFixture.ts CLIENT_TEST_METHODS.transactions) through viem and ethers v6 on the demo data
// set: each client parses every answer, its values equal what the index holds (plain SQL), and every
// result conforms to execution-apis.
import { formatTransactionReceipt, type Hex } from 'viem';
import {
  CLIENT_TEST_METHODS,
  SEEDED_DATABASE_TIMEOUT_MS,
  expectCalledAndChecked,
  indexedBlock,
  openEthClients,
  sampleBlocks,
  type ChainClients,
  type EthClients,
} from './ethClientsFixture';
import {
  logFromEthers,
  logFromRow,
  logFromViem,
  receiptFromEthers,
  receiptFromViem,
  txFromEthers,
  txFromViem,
} from './neutralShapes';

let f: EthClients;
const q = (sql: string, params: unknown[] = []) => f.db.query<any>(sql, params.map(String));
const h = (n: bigint | number) => `0x${n.toString(16)}`;

beforeAll(async () => {
  f = await openEthClients();
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(() => f?.close());
afterEach(() =>
  expect({ viem: f.viemLog.violations, ethers: f.ethersLog.violations }).toEqual({ viem: [], ethers: [] }),
);

/** A chain's blocks with a creation and with a failed transaction (receipts' special cases), and its mixed block. */
async function receiptBlocks(chain: ChainClients): Promise<bigint[]> {
  const rows = await q(
    `(SELECT block_number AS n FROM evm_transaction WHERE chain_id = $1 AND to_address IS NULL ORDER BY 1 LIMIT 1)
     UNION (SELECT block_number AS n FROM evm_transaction WHERE chain_id = $1 AND status = 0 ORDER BY 1 LIMIT 1)`,
    [chain.chainId],
  );
  return [...rows.map((r) => BigInt(r.n)), (await sampleBlocks(f, chain))[0]!];
}

describe('eth_getTransactionByHash', () => {
  test('legacy and EIP-1559 transactions, creations and failures, as the index holds them', async () => {
    for (const chain of f.chains) {
      for (const number of await receiptBlocks(chain)) {
        const { block, txs } = await indexedBlock(f, chain, number);
        for (const tx of txs) {
          const viemTx = await chain.viem.getTransaction({ hash: tx.hash as Hex });
          expect([txFromViem(viemTx), txFromEthers((await chain.ethers.getTransaction(tx.hash))!)]).toEqual([tx, tx]);
          expect(viemTx.blockTimestamp).toBe(block.timestamp);
        }
      }
    }
  });
});

describe('eth_getTransactionByBlockNumberAndIndex', () => {
  test('each transaction of a block by its index', async () => {
    for (const chain of f.chains) {
      const network = await chain.ethers.getNetwork();
      const number = (await sampleBlocks(f, chain))[0]!;
      for (const tx of (await indexedBlock(f, chain, number)).txs) {
        expect(txFromViem(await chain.viem.getTransaction({ blockNumber: number, index: tx.index }))).toEqual(tx);
        const raw = await chain.ethers.send('eth_getTransactionByBlockNumberAndIndex', [h(number), h(tx.index)]);
        expect(txFromEthers(chain.ethers._wrapTransactionResponse(raw, network))).toEqual(tx);
      }
    }
  });
});

describe('eth_getTransactionByBlockHashAndIndex', () => {
  test('each transaction of a block by its index, the block named by hash', async () => {
    for (const chain of f.chains) {
      const network = await chain.ethers.getNetwork();
      const { block, txs } = await indexedBlock(f, chain, (await sampleBlocks(f, chain))[0]!);
      for (const tx of txs) {
        expect(txFromViem(await chain.viem.getTransaction({ blockHash: block.hash as Hex, index: tx.index }))).toEqual(
          tx,
        );
        const raw = await chain.ethers.send('eth_getTransactionByBlockHashAndIndex', [block.hash, h(tx.index)]);
        expect(txFromEthers(chain.ethers._wrapTransactionResponse(raw, network))).toEqual(tx);
      }
    }
  });
});

describe('eth_getTransactionReceipt', () => {
  test('receipts as the index implies them: cumulative gas, logs, effective price, status, created address', async () => {
    for (const chain of f.chains) {
      for (const number of await receiptBlocks(chain)) {
        for (const receipt of (await indexedBlock(f, chain, number)).receipts) {
          expect(receiptFromViem(await chain.viem.getTransactionReceipt({ hash: receipt.hash as Hex }))).toEqual(
            receipt,
          );
          expect(receiptFromEthers((await chain.ethers.getTransactionReceipt(receipt.hash))!)).toEqual(receipt);
        }
      }
    }
  });
});

describe('eth_getBlockReceipts', () => {
  test("a block's receipts in order; a block without transactions has none", async () => {
    for (const chain of f.chains) {
      const network = await chain.ethers.getNetwork();
      for (const number of await sampleBlocks(f, chain)) {
        const { receipts } = await indexedBlock(f, chain, number);
        expect((await chain.viem.getBlockReceipts({ blockNumber: number })).map(receiptFromViem)).toEqual(receipts);
        const raw: unknown[] = await chain.ethers.send('eth_getBlockReceipts', [h(number)]);
        expect(raw.map((r) => receiptFromEthers(chain.ethers._wrapTransactionReceipt(r as never, network)))).toEqual(
          receipts,
        );
        expect(raw.map((r) => receiptFromViem(formatTransactionReceipt(r as never)))).toEqual(receipts);
      }
    }
  });
});

describe('eth_getLogs', () => {
  test('the logs of a block range and of a block hash, in chain order', async () => {
    for (const chain of f.chains) {
      const middle = (await sampleBlocks(f, chain))[0]!;
      const [from, to] = [middle - 20n < chain.first ? chain.first : middle - 20n, middle + 20n];
      const rows = await q(
        'SELECT l.*, b.hash FROM evm_log l JOIN evm_block b ON b.chain_id = l.chain_id AND b.number = l.block_number WHERE l.chain_id = $1 AND l.block_number BETWEEN $2 AND $3 ORDER BY l.block_number, l.log_index',
        [chain.chainId, from, to],
      );
      const expected = rows.map((r) => logFromRow(r, r.hash));
      expect(expected.length).toBeGreaterThan(0);
      const viemLogs = await chain.viem.getLogs({ fromBlock: from, toBlock: to });
      expect([
        viemLogs.map(logFromViem),
        (await chain.ethers.getLogs({ fromBlock: Number(from), toBlock: Number(to) })).map(logFromEthers),
      ]).toEqual([expected, expected]);
      const { block, logs } = await indexedBlock(f, chain, middle);
      expect((await chain.viem.getLogs({ blockHash: block.hash as Hex })).map(logFromViem)).toEqual(logs);
      expect((await chain.ethers.getLogs({ blockHash: block.hash })).map(logFromEthers)).toEqual(logs);
    }
  });
});

describe('eth_getBalance', () => {
  test('the balance after a block is the last recorded change at or before it', async () => {
    for (const chain of f.chains) {
      const changes = await q(
        'SELECT address, block_number FROM native_balance_change WHERE chain_id = $1 AND block_number >= $2 ORDER BY block_number, address LIMIT 3',
        [chain.chainId, chain.first],
      );
      for (const { address, block_number: changed } of changes) {
        for (const at of [BigInt(changed), BigInt(changed) + 7n]) {
          const [{ balance }] = await q(
            'SELECT balance::text FROM native_balance_change WHERE chain_id = $1 AND address = $2 AND block_number <= $3 ORDER BY block_number DESC LIMIT 1',
            [chain.chainId, address, at],
          );
          expect([
            await chain.viem.getBalance({ address, blockNumber: at }),
            await chain.ethers.getBalance(address, Number(at)),
          ]).toEqual([BigInt(balance), BigInt(balance)]);
        }
      }
    }
  });
});

describe('the methods of this file', () => {
  test('were called through both clients, and each result of a method execution-apis defines was checked', () =>
    expectCalledAndChecked(f, CLIENT_TEST_METHODS.transactions));
});
