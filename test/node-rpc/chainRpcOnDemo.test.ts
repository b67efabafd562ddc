// The chain RPC driven through viem on the demo data set: the standard methods answer what the raw
// tables hold (expected values from plain SQL and computations written here), receipts are exact, and
// every result conforms to execution-apis (the clients' transport checks each answer). The demo's
// logs as events: test/demo-data/evmEvents.test.ts; both clients on every method: ethClients*.test.ts.
import { keccak_256 } from '@noble/hashes/sha3.js';
import {
  createPublicClient,
  getContractAddress,
  parseAbi,
  parseAbiItem,
  toEventSelector,
  type Hex,
  type PublicClient,
} from 'viem';
import type { Database } from '../../prisma/database';
import { DEMO_NOW } from '../../demo-data/constants';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { evmLogRows } from '../support/evmLogRows';
import { startTestService, type TestService } from '../setup/service';
import { conformingHttp, createConformanceLog, expectConforms } from './conformance';
import { call, send } from './http';

let db: Database;
let service: TestService;
type Chain = { chain_id: bigint; blockchain_id: string; first: bigint; head: bigint };
let chains: Chain[];
const clients = new Map<bigint, PublicClient>();
const client = (chainId: bigint) => clients.get(chainId)!;
const conformance = createConformanceLog();
/** Bytes as the raw reads give them: 0x hex already. */
const hex = (bytes: string) => bytes as Hex;
const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

const ERC20 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
const ERC1155 = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);

/** The logs bloom, written here from the yellow paper's definition (three bits per address and topic). */
function bloomOf(logs: { address: string; topics: string[] }[]): string {
  const bits = new Uint8Array(256);
  for (const value of logs.flatMap((l) => [l.address, ...l.topics])) {
    const h = keccak_256(Buffer.from(value.slice(2), 'hex'));
    for (const i of [0, 2, 4]) {
      const bit = ((h[i]! << 8) + h[i + 1]!) % 2048;
      bits[255 - Math.floor(bit / 8)]! |= 1 << (bit % 8);
    }
  }
  return `0x${Buffer.from(bits).toString('hex')}` as Hex;
}

const logsOf = (chainId: bigint, where: string, params: unknown[]) => evmLogRows(db, chainId, where, params);

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW, nodeRpc: { logsMaxBlocks: 0, logsMaxResults: 0 } });
  chains = await db.query<Chain>(
    `SELECT c.chain_id, c.blockchain_id, min(b.number) AS first, max(b.number) AS head FROM evm_chain c JOIN evm_block b ON b.chain_id = c.chain_id GROUP BY 1, 2 ORDER BY 1`,
  );
  for (const chain of chains) {
    clients.set(
      chain.chain_id,
      createPublicClient({
        transport: conformingHttp(`${service.base}/ext/bc/${chain.blockchain_id}/rpc`, conformance),
      }) as PublicClient,
    );
  }
}, SEEDED_DATABASE_TIMEOUT_MS);
afterEach(() => expect(conformance.violations).toEqual([]));
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

describe('eth_chainId', () => {
  test('every indexed EVM chain answers its chain ID', async () => {
    expect(chains.length).toBe(4);
    for (const chain of chains) expect(await client(chain.chain_id).getChainId()).toBe(Number(chain.chain_id));
  });
});

describe('net_version', () => {
  test('the chain ID in decimal', async () => {
    for (const chain of chains) {
      const answer = await send(`${service.base}/ext/bc/${chain.blockchain_id}/rpc`, { body: call('net_version') });
      expect(answer.json.result).toBe(chain.chain_id.toString());
      expectConforms('net_version', answer.json.result);
    }
  });
});

describe('eth_blockNumber', () => {
  test('the index head', async () => {
    for (const chain of chains) expect(await client(chain.chain_id).getBlockNumber({ cacheTime: 0 })).toBe(chain.head);
  });
});

describe('eth_getBlockByNumber', () => {
  test('blocks as stored (header members included), transactions in block order (hashes or full), the bloom of their logs', async () => {
    for (const chain of chains) {
      const numbers = [chain.first, chain.first + (chain.head - chain.first) / 2n, chain.head];
      for (const number of numbers) {
        const [row] = await db.query<any>('SELECT * FROM evm_block WHERE chain_id = $1 AND number = $2', [
          chain.chain_id.toString(),
          number.toString(),
        ]);
        const txs = await db.query<any>(
          'SELECT * FROM evm_transaction WHERE chain_id = $1 AND block_number = $2 ORDER BY block_index',
          [chain.chain_id.toString(), number.toString()],
        );
        const logs = await logsOf(chain.chain_id, 'block_number = $2', [number.toString()]);
        const block = await client(chain.chain_id).getBlock({ blockNumber: number });
        expect(block).toMatchObject({
          number,
          hash: row.hash,
          parentHash: row.parent_hash,
          timestamp: row.timestamp,
          gasLimit: BigInt(row.gas_limit),
          gasUsed: BigInt(row.gas_used),
          baseFeePerGas: BigInt(row.base_fee_per_gas),
          miner: row.miner,
          difficulty: 1n,
          totalDifficulty: number,
          uncles: [],
          logsBloom: bloomOf(logs),
          transactions: txs.map((t: any) => t.tx_hash),
          stateRoot: row.state_root,
          transactionsRoot: row.transactions_root,
          receiptsRoot: row.receipts_root,
          extraData: hex(row.extra_data),
          size: BigInt(row.size),
          blobGasUsed: BigInt(row.blob_gas_used),
          excessBlobGas: BigInt(row.excess_blob_gas),
          parentBeaconBlockRoot: row.parent_beacon_block_root,
        });
        const full = await client(chain.chain_id).getBlock({ blockNumber: number, includeTransactions: true });
        expect(
          full.transactions.map((t) => [
            t.hash,
            t.transactionIndex,
            t.from,
            t.to,
            t.value,
            t.gas,
            t.gasPrice,
            t.nonce,
            t.input,
            t.blockHash,
            t.blockTimestamp,
          ]),
        ).toEqual(
          txs.map((t: any) => [
            t.tx_hash,
            t.block_index,
            t.from_address,
            t.to_address,
            BigInt(t.value),
            BigInt(t.gas_limit),
            BigInt(t.gas_price),
            Number(t.nonce),
            hex(t.input),
            row.hash,
            row.timestamp,
          ]),
        );
      }
    }
  });

  test("a block without transactions has the empty trie's transactionsRoot and receiptsRoot, as a node gives", async () => {
    for (const chain of chains) {
      const [row] = await db.query<any>(
        'SELECT number FROM evm_block WHERE chain_id = $1 AND tx_count = 0 ORDER BY number LIMIT 1',
        [chain.chain_id.toString()],
      );
      expect(await client(chain.chain_id).getBlock({ blockNumber: row.number })).toMatchObject({
        transactions: [],
        transactionsRoot: EMPTY_ROOT,
        receiptsRoot: EMPTY_ROOT,
      });
    }
  });

  test('"latest" is the head; a block above it: "cannot query unfinalized data"', async () => {
    const [kestrel] = chains.filter((c) => c.chain_id === 737373n);
    expect((await client(737373n).getBlock({ blockTag: 'latest' })).number).toBe(kestrel!.head);
    await expect(client(737373n).getBlock({ blockNumber: kestrel!.head + 1n })).rejects.toThrow(
      'cannot query unfinalized data',
    );
  });
});

describe('eth_getBlockByHash', () => {
  test('the block by number, by its hash; an unknown hash: null', async () => {
    for (const chain of chains) {
      const block = await client(chain.chain_id).getBlock({ blockNumber: chain.head, includeTransactions: true });
      expect(await client(chain.chain_id).getBlock({ blockHash: block.hash, includeTransactions: true })).toEqual(
        block,
      );
    }
    const kestrel = chains.find((c) => c.chain_id === 737373n)!;
    const answer = await send(`${service.base}/ext/bc/${kestrel.blockchain_id}/rpc`, {
      body: call('eth_getBlockByHash', [`0x${'00'.repeat(32)}`, false]),
    });
    expect(answer.json.result).toBeNull();
    expectConforms('eth_getBlockByHash', answer.json.result);
  });
});

describe('eth_getTransactionByHash', () => {
  test("legacy and EIP-1559 transactions with the node's fields and their block's time", async () => {
    for (const type of [0, 2]) {
      const [row] = await db.query<any>(
        'SELECT t.*, b.timestamp AS block_timestamp FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number WHERE t.chain_id = 43114 AND t.tx_type = $1 ORDER BY t.block_number DESC LIMIT 1',
        [type],
      );
      const tx = await client(43114n).getTransaction({ hash: row.tx_hash });
      expect(tx).toMatchObject({
        hash: row.tx_hash,
        blockNumber: row.block_number,
        transactionIndex: row.block_index,
        from: row.from_address,
        to: row.to_address,
        value: BigInt(row.value),
        gas: BigInt(row.gas_limit),
        gasPrice: BigInt(row.gas_price),
        nonce: Number(row.nonce),
        input: hex(row.input),
        type: type === 0 ? 'legacy' : 'eip1559',
        r: row.sig_r,
        s: row.sig_s,
        v: BigInt(row.sig_v),
        blockTimestamp: row.block_timestamp,
      });
      if (type === 2)
        expect(tx).toMatchObject({
          maxFeePerGas: BigInt(row.max_fee_per_gas),
          maxPriorityFeePerGas: BigInt(row.max_priority_fee_per_gas),
          chainId: 43114,
          accessList: [],
        });
    }
  });
});

describe('eth_getTransactionByBlockNumberAndIndex', () => {
  test('the transaction at its block and index is the one by hash', async () => {
    const [row] = await db.query<any>(
      'SELECT tx_hash, block_number, block_index FROM evm_transaction WHERE chain_id = 43114 ORDER BY block_number DESC, block_index DESC LIMIT 1',
    );
    expect(await client(43114n).getTransaction({ blockNumber: row.block_number, index: row.block_index })).toEqual(
      await client(43114n).getTransaction({ hash: row.tx_hash }),
    );
  });
});

describe('eth_getTransactionReceipt', () => {
  test('receipts are exact: cumulative gas, logs, bloom, effective price, type, status, created address', async () => {
    const samples = await db.query<any>(
      `(SELECT * FROM evm_transaction WHERE chain_id = 737373 AND status = 0 LIMIT 3)
       UNION ALL (SELECT * FROM evm_transaction WHERE chain_id = 737373 AND to_address IS NULL LIMIT 3)
       UNION ALL (SELECT t.* FROM evm_transaction t WHERE chain_id = 43114 AND EXISTS (SELECT 1 FROM evm_log l WHERE l.chain_id = t.chain_id AND l.tx_hash = t.tx_hash) ORDER BY block_number DESC, block_index DESC LIMIT 5)`,
    );
    expect(samples.length).toBeGreaterThanOrEqual(9);
    for (const row of samples) {
      const chainId = BigInt(row.chain_id);
      const [{ cumulative }] = await db.query<any>(
        'SELECT sum(gas_used)::text AS cumulative FROM evm_transaction WHERE chain_id = $1 AND block_number = $2 AND block_index <= $3',
        [chainId.toString(), row.block_number.toString(), row.block_index],
      );
      const [{ hash }] = await db.query<any>('SELECT hash FROM evm_block WHERE chain_id = $1 AND number = $2', [
        chainId.toString(),
        row.block_number.toString(),
      ]);
      const logs = await logsOf(chainId, 'tx_hash = $2', [row.tx_hash]);
      const receipt = await client(chainId).getTransactionReceipt({ hash: row.tx_hash });
      expect(receipt).toMatchObject({
        transactionHash: row.tx_hash,
        blockHash: hash,
        blockNumber: row.block_number,
        transactionIndex: row.block_index,
        from: row.from_address,
        to: row.to_address,
        gasUsed: BigInt(row.gas_used),
        cumulativeGasUsed: BigInt(cumulative),
        effectiveGasPrice: BigInt(row.gas_price),
        status: row.status === 1 ? 'success' : 'reverted',
        type: row.tx_type === 0 ? 'legacy' : 'eip1559',
        logsBloom: bloomOf(logs),
        contractAddress:
          row.to_address === null
            ? getContractAddress({ from: row.from_address, nonce: BigInt(row.nonce) }).toLowerCase()
            : null,
      });
      expect(
        receipt.logs.map((l) => [l.address, l.topics, l.data, l.logIndex, l.transactionIndex, l.blockHash, l.removed]),
      ).toEqual(logs.map((l) => [l.address, l.topics, hex(l.data), l.log_index, l.tx_index, hash, false]));
      if (row.status === 0) expect(receipt.logs).toEqual([]);
      if (row.to_address === null && row.status === 1) expect(receipt.contractAddress).toBe(row.contract_address);
    }
  });

  test('an unknown hash: null (viem: TransactionReceiptNotFoundError)', async () => {
    await expect(client(43114n).getTransactionReceipt({ hash: `0x${'12'.repeat(32)}` })).rejects.toThrow(
      /could not be found/,
    );
  });
});

describe('eth_getLogs', () => {
  test('by address and event over a range: the ERC-20 Transfers of a token, decoded', async () => {
    const [token] = await db.query<{ token_address: string }>(
      `SELECT token_address FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-20' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const chain = chains.find((c) => c.chain_id === 43114n)!;
    const logs = await client(43114n).getLogs({
      address: token!.token_address as Hex,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      fromBlock: chain.first,
      toBlock: chain.head,
    });
    const transfers = await db.query<any>(
      `SELECT from_address, to_address, value::text, block_number, log_index, tx_hash FROM evm_token_transfer WHERE chain_id = 43114 AND token_address = $1 ORDER BY block_number, log_index`,
      [token!.token_address],
    );
    expect(transfers.length).toBeGreaterThan(10);
    expect(
      logs.map((l) => [
        l.args.from!.toLowerCase(),
        l.args.to!.toLowerCase(),
        l.args.value,
        l.blockNumber,
        l.logIndex,
        l.transactionHash,
      ]),
    ).toEqual(
      transfers.map((t) => [t.from_address, t.to_address, BigInt(t.value), t.block_number, t.log_index, t.tx_hash]),
    );
  });

  test('by topics (OR lists, wildcards) and by block hash', async () => {
    const chain = chains.find((c) => c.chain_id === 737373n)!;
    const transfer = toEventSelector(ERC20[0]);
    const single = toEventSelector(ERC1155[0]);
    const answer = await send(`${service.base}/ext/bc/${chain.blockchain_id}/rpc`, {
      body: call('eth_getLogs', [
        { fromBlock: `0x${chain.first.toString(16)}`, toBlock: 'latest', topics: [[transfer, single]] },
      ]),
    });
    const expected = await logsOf(737373n, 'topic0 = ANY($2)', [[transfer, single]]);
    expect(answer.json.result.map((l: any) => [l.blockNumber, l.logIndex])).toEqual(
      expected.map((l) => [`0x${l.block_number.toString(16)}`, `0x${l.log_index.toString(16)}`]),
    );
    expectConforms('eth_getLogs', answer.json.result);
    const [{ hash, number }] = await db.query<any>(
      'SELECT b.hash, b.number FROM evm_block b WHERE chain_id = 737373 AND tx_count > 3 ORDER BY number LIMIT 1',
    );
    const byHash = await client(737373n).getLogs({ blockHash: hash });
    expect(byHash.map((l) => l.logIndex)).toEqual(
      (await logsOf(737373n, 'block_number = $2', [number.toString()])).map((l) => l.log_index),
    );
  });
});

describe('eth_getBalance', () => {
  test('the balance after a block is the last recorded change at or before it', async () => {
    const rows = await db.query<any>(
      `SELECT DISTINCT ON (address) address, block_number FROM native_balance_change WHERE chain_id = 202611 AND block_number > 0 ORDER BY address, block_number LIMIT 5`,
    );
    for (const row of rows) {
      for (const at of [row.block_number, row.block_number + 7n]) {
        const [{ balance }] = await db.query<any>(
          'SELECT balance::text FROM native_balance_change WHERE chain_id = 202611 AND address = $1 AND block_number <= $2 ORDER BY block_number DESC LIMIT 1',
          [row.address, at.toString()],
        );
        expect(await client(202611n).getBalance({ address: row.address, blockNumber: at })).toBe(BigInt(balance));
      }
    }
  });
});

describe('eth_getChainConfig', () => {
  test('the genesis config and the precompile upgrades', async () => {
    for (const chainId of [737373n, 202611n]) {
      const [row] = await db.query<any>(
        'SELECT genesis_data, network::text, blockchain_id FROM blockchain WHERE evm_chain_id = $1',
        [chainId.toString()],
      );
      const upgrades = await db.query<any>(
        'SELECT precompile_name, block_timestamp FROM precompile_upgrade WHERE blockchain_id = $1 ORDER BY position',
        [row.blockchain_id],
      );
      const config: any = await client(chainId).request({ method: 'eth_getChainConfig' } as never);
      expect(config.chainId).toBe(Number(chainId));
      expect(config.feeConfig).toEqual(row.genesis_data.config.feeConfig);
      expect(config.warpConfig).toEqual({
        blockTimestamp: row.genesis_data.config.warpConfig.blockTimestamp,
        quorumNumerator: 67,
        requirePrimaryNetworkSigners: false,
      });
      expect(
        (config.upgrades.precompileUpgrades ?? []).map((u: any) => [
          Object.keys(u)[0],
          (Object.values(u)[0] as any).blockTimestamp,
        ]),
      ).toEqual(upgrades.map((u) => [u.precompile_name, Number(u.block_timestamp)]));
    }
  });
});

describe('eth_feeConfig', () => {
  test('at the head of an L1 whose fee config never changed: the genesis one', async () => {
    const fee: any = await client(202611n).request({ method: 'eth_feeConfig' } as never);
    const [row] = await db.query<any>('SELECT genesis_data FROM blockchain WHERE evm_chain_id = 202611');
    expect(fee).toEqual({ feeConfig: row.genesis_data.config.feeConfig, lastChangedAt: 0 });
  });
});

describe('eth_getActiveRulesAt', () => {
  test('at the head: the Avalanche upgrades the chain has', async () => {
    const rules: any = await client(202611n).request({ method: 'eth_getActiveRulesAt' } as never);
    expect(rules.avalancheRules).toMatchObject({ IsSubnetEVM: true, IsDurango: true, IsEtna: true });
  });
});

describe('validators.getCurrentValidators on the demo L1s', () => {
  test("the validations of the chain's subnet active at now", async () => {
    for (const chain of chains.filter((c) => c.chain_id === 737373n || c.chain_id === 202611n)) {
      const answer = await send(`${service.base}/ext/bc/${chain.blockchain_id}/validators`, {
        body: call('validators.getCurrentValidators'),
      });
      const expected = await db.query<any>(
        `SELECT v.validation_id FROM validator v JOIN blockchain b ON b.network = v.network AND b.subnet_id = v.subnet_id
         WHERE b.blockchain_id = $1 AND v.start_timestamp <= $2 AND (v.end_timestamp IS NULL OR v.end_timestamp > $2) AND (v.removed_timestamp IS NULL OR v.removed_timestamp > $2)
         ORDER BY v.validation_id`,
        [chain.blockchain_id, DEMO_NOW],
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(answer.json.result.validators.map((v: any) => v.validationID).sort()).toEqual(
        expected.map((v) => v.validation_id),
      );
    }
  });
});
