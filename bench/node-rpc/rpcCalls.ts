// The node RPC calls the bench measures, chosen on the seeded data, and how the floor answers each:
// the same statements (node-rpc/eth/chainData.ts) through pg, the same formatters, the same JSON.
import type { Database } from '../../prisma/database';
import { toJson } from '../../node-rpc/envelope/toJson';
import {
  blockByNumber,
  blockLogs,
  blockTransactions,
  indexedRange,
  queryLogs,
  transactionByHash,
  type Reader,
} from '../../node-rpc/eth/chainData';
import { formatBlock } from '../../node-rpc/eth/formatBlock';
import { formatLog } from '../../node-rpc/eth/formatLog';
import { formatReceipt } from '../../node-rpc/eth/formatReceipt';

/** One measured call: its JSON-RPC body and the floor's answer to it. */
export type RpcCall = { name: string; body: string; floor(db: Reader): Promise<string> };

const C_CHAIN = 43_114n;
const envelope = (result: unknown) => `{"jsonrpc":"2.0","id":1,"result":${toJson(result)}}\n`;
const hex = (n: bigint) => `0x${n.toString(16)}`;

/**
 * Picks the calls on the C-Chain of the demo data: a block with full transactions, the receipt of a
 * transaction with several logs, and the ERC-20 Transfer logs of the busiest token over 2,000 blocks.
 * @param db the seeded database
 * @returns the calls
 * @example const calls = await chooseRpcCalls(db)
 */
export async function chooseRpcCalls(db: Pick<Database, 'query'>): Promise<RpcCall[]> {
  const { head } = await indexedRange(db, C_CHAIN);
  const [block] = await db.query<{ number: bigint }>(
    'SELECT number FROM evm_block WHERE chain_id = 43114 AND number > $1 ORDER BY tx_count DESC, number DESC LIMIT 1',
    [(head! - 2_000n).toString()],
  );
  const [receipt] = await db.query<{ tx_hash: string }>(
    'SELECT tx_hash FROM evm_log WHERE chain_id = 43114 GROUP BY tx_hash, block_number ORDER BY count(*) DESC, block_number DESC LIMIT 1',
  );
  const [token] = await db.query<{ address: string }>(
    `SELECT address FROM evm_log WHERE chain_id = 43114 AND block_number > $1 AND topic0 = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
     GROUP BY address ORDER BY count(*) DESC LIMIT 1`,
    [(head! - 1_999n).toString()],
  );
  const from = head! - 1_999n;
  return [
    {
      name: `eth_getBlockByNumber(${hex(block!.number)}, true)`,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBlockByNumber',
        params: [hex(block!.number), true],
      }),
      floor: async (reader) => {
        await indexedRange(reader, C_CHAIN);
        const row = (await blockByNumber(reader, C_CHAIN, block!.number))!;
        const [txs, logs] = await Promise.all([
          blockTransactions(reader, C_CHAIN, row.number),
          blockLogs(reader, C_CHAIN, row.number),
        ]);
        return envelope(formatBlock(row, txs, logs, C_CHAIN, true));
      },
    },
    {
      name: 'eth_getTransactionReceipt',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [receipt!.tx_hash] }),
      floor: async (reader) => {
        const tx = (await transactionByHash(reader, C_CHAIN, receipt!.tx_hash))!;
        const logs = await blockLogs(reader, C_CHAIN, tx.block_number, tx.block_index);
        return envelope(formatReceipt(tx, tx.block_hash, BigInt(tx.cumulative_gas_used), logs));
      },
    },
    {
      name: 'eth_getLogs(token, Transfer, 2,000 blocks)',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [
          {
            address: token!.address,
            fromBlock: hex(from),
            toBlock: hex(head!),
            topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
          },
        ],
      }),
      floor: async (reader) => {
        await indexedRange(reader, C_CHAIN);
        const logs = await queryLogs(reader, C_CHAIN, {
          from,
          to: head!,
          addresses: [token!.address],
          topics: [['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef']],
          limit: 10_001,
        });
        return envelope(logs.map(formatLog));
      },
    },
  ];
}
