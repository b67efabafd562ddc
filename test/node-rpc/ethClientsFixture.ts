// The demo data set served to two Ethereum clients, viem and ethers v6, for the ethClients*.test.ts
// files: one client of each per indexed EVM chain (every answer checked against execution-apis by the
// hooks of conformance.ts), what the index holds for a block (plain SQL, in neutralShapes.ts's
// shape), the sample blocks, and which file calls which of the chain RPC's methods.
import { JsonRpcProvider } from 'ethers';
import { createPublicClient, type PublicClient } from 'viem';
import { ETH_METHODS } from '../../node-rpc/eth/methodTable';
import { DEMO_NOW } from '../../demo-data/constants';
import type { Database } from '../../prisma/database';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { startTestService, type TestService } from '../setup/service';
import { definesMethod } from '../support/executionApis';
import { conformingHttp, createConformanceLog, watchConformance, type ConformanceLog } from './conformance';
import { blockFromRow, logFromRow, receiptFromRows, txFromRow, type NeutralLog } from './neutralShapes';

export { SEEDED_DATABASE_TIMEOUT_MS };

/** An indexed chain and its two clients. */
export type ChainClients = {
  chainId: bigint;
  blockchainId: string;
  first: bigint;
  head: bigint;
  viem: PublicClient;
  ethers: JsonRpcProvider;
};

/** The demo service with its clients; `viemLog` / `ethersLog` hold what each client received. */
export type EthClients = {
  db: Database;
  service: TestService;
  chains: ChainClients[];
  viemLog: ConformanceLog;
  ethersLog: ConformanceLog;
  close(): Promise<void>;
};

/**
 * Opens a copy of the demo data set, serves it, and makes a viem client and an ethers provider per chain.
 * @returns the fixture; close it in `afterAll`
 * @example beforeAll(async () => { f = await openEthClients() }, SEEDED_DATABASE_TIMEOUT_MS)
 */
export async function openEthClients(): Promise<EthClients> {
  const { db } = await setupSeededDatabase();
  const service = await startTestService(db, {
    clock: () => DEMO_NOW,
    nodeRpc: { logsMaxBlocks: 0, logsMaxResults: 0 },
  });
  const viemLog = createConformanceLog();
  const ethersLog = createConformanceLog();
  const rows = await db.query<{ chain_id: bigint; blockchain_id: string; first: bigint; head: bigint }>(
    'SELECT c.chain_id, c.blockchain_id, min(b.number) AS first, max(b.number) AS head FROM evm_chain c JOIN evm_block b ON b.chain_id = c.chain_id GROUP BY 1, 2 ORDER BY 1',
  );
  const chains = rows.map((row) => {
    const url = `${service.base}/ext/bc/${row.blockchain_id}/rpc`;
    const ethers = new JsonRpcProvider(url, Number(row.chain_id), { staticNetwork: true });
    watchConformance(ethers, ethersLog);
    const viem = createPublicClient({ transport: conformingHttp(url, viemLog) }) as PublicClient;
    return {
      chainId: BigInt(row.chain_id),
      blockchainId: row.blockchain_id,
      first: BigInt(row.first),
      head: BigInt(row.head),
      viem,
      ethers,
    };
  });
  return {
    db,
    service,
    chains,
    viemLog,
    ethersLog,
    async close() {
      for (const chain of chains) chain.ethers.destroy();
      await service.close();
      await teardownSeeded(db);
    },
  };
}

/**
 * What the index holds for a block: its row, and the block, its transactions, logs and receipts in
 * the neutral shape.
 * @example const { block, txs } = await indexedBlock(f, chain, 71_000_010n)
 */
export async function indexedBlock(f: EthClients, chain: ChainClients, number: bigint) {
  const q = (sql: string) => f.db.query<any>(sql, [chain.chainId.toString(), number.toString()]);
  const [row] = await q('SELECT * FROM evm_block WHERE chain_id = $1 AND number = $2');
  const txRows = await q(
    'SELECT * FROM evm_transaction WHERE chain_id = $1 AND block_number = $2 ORDER BY block_index',
  );
  const logs = (await q('SELECT * FROM evm_log WHERE chain_id = $1 AND block_number = $2 ORDER BY log_index')).map(
    (l) => logFromRow(l, row.hash),
  );
  let cumulative = 0n;
  const receipts = txRows.map((t) =>
    receiptFromRows(
      t,
      row.hash,
      (cumulative += BigInt(t.gas_used)),
      logs.filter((l: NeutralLog) => l.transactionHash === t.tx_hash),
    ),
  );
  return {
    row,
    block: blockFromRow(
      row,
      txRows.map((t) => t.tx_hash),
    ),
    txs: txRows.map((t) => txFromRow(t, row.hash, chain.chainId)),
    logs,
    receipts,
  };
}

/**
 * A chain's sample blocks: one with legacy and EIP-1559 transactions, one without transactions, the head.
 * @example const [mixed, empty, head] = await sampleBlocks(f, chain)
 */
export async function sampleBlocks(f: EthClients, chain: ChainClients): Promise<bigint[]> {
  const id = [chain.chainId.toString()];
  const [mixed] = await f.db.query<any>(
    'SELECT block_number AS n FROM evm_transaction WHERE chain_id = $1 GROUP BY 1 HAVING count(DISTINCT tx_type) = 2 ORDER BY 1 LIMIT 1',
    id,
  );
  const [empty] = await f.db.query<any>(
    'SELECT number AS n FROM evm_block WHERE chain_id = $1 AND tx_count = 0 ORDER BY number LIMIT 1',
    id,
  );
  return [BigInt(mixed.n), BigInt(empty.n), chain.head];
}

/**
 * The methods each client test file calls; together, every method the chain RPC serves itself.
 * @example expectCalledAndChecked(f, CLIENT_TEST_METHODS.transactions)
 */
export const CLIENT_TEST_METHODS = {
  blocks: [
    'eth_chainId',
    'net_version',
    'web3_clientVersion',
    'web3_sha3',
    'eth_blockNumber',
    'eth_getBlockByNumber',
    'eth_getBlockByHash',
    'eth_getHeaderByNumber',
    'eth_getHeaderByHash',
    'eth_getBlockTransactionCountByNumber',
    'eth_getBlockTransactionCountByHash',
  ],
  transactions: [
    'eth_getTransactionByHash',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionReceipt',
    'eth_getBlockReceipts',
    'eth_getLogs',
    'eth_getBalance',
  ],
  subnetEvm: ['eth_feeConfig', 'eth_getChainConfig', 'eth_getActivePrecompilesAt', 'eth_getActiveRulesAt'],
} as const;

/**
 * Asserts that a file's methods were called through both clients and that every result of those
 * execution-apis defines was checked, and that the files' lists together are the method table.
 * @example test('…', () => expectCalledAndChecked(f, CLIENT_TEST_METHODS.blocks))
 */
export function expectCalledAndChecked(f: EthClients, methods: readonly string[]): void {
  expect(Object.values(CLIENT_TEST_METHODS).flat().sort()).toEqual(Object.keys(ETH_METHODS).sort());
  for (const [client, log] of [
    ['viem', f.viemLog],
    ['ethers', f.ethersLog],
  ] as const) {
    expect({
      client,
      notCalled: methods.filter((m) => !log.called.has(m)),
      notChecked: methods.filter((m) => definesMethod(m) && !log.checked.has(m)),
    }).toEqual({
      client,
      notCalled: [],
      notChecked: [],
    });
  }
}
