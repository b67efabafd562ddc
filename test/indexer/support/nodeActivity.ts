// What an address_activity webhook is told of a transaction, computed from the node alone (blocks,
// receipts, callTracer traces, eth_call): the addresses each transaction touches and the official
// TransactionEvent it makes, for comparing with the outbox the indexer wrote.
import { decodeEventLog, formatUnits, parseAbi, decodeFunctionResult, encodeFunctionData } from 'viem';
import type { Anvil } from '../../../bench/indexer/startAnvil';

/** A call frame of debug_traceTransaction's callTracer. */
type Frame = {
  from: string;
  to?: string;
  type: string;
  value?: string;
  gas?: string;
  gasUsed?: string;
  calls?: Frame[];
};

/** A token transfer decoded from a receipt's log. */
export type NodeTransfer = {
  type: 'ERC20' | 'ERC721' | 'ERC1155';
  token: string;
  from: string;
  to: string;
  value: bigint;
  tokenId?: bigint;
  logIndex: number;
};

/** One transaction as the node serves it. */
export type NodeTransaction = {
  block: any;
  tx: any;
  receipt: any;
  /** The trace's frames, the top-level one first, depth first. */
  frames: Frame[];
  transfers: NodeTransfer[];
  /** Lower-case addresses it touched. */
  touched: Set<string>;
};

/** What a webhook asks for (the rows the test inserted). */
export type WebhookSpec = {
  id: string;
  keys: string[];
  chainId: string;
  status: 'active' | 'inactive';
  includeLogs: boolean;
  includeInternalTxs: boolean;
  eventSignatures?: string[];
  createdAt: Date;
};

const TRANSFER_EVENTS = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);
const NFT_TRANSFER = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);
const METADATA = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
]);
const ZERO = '0x0000000000000000000000000000000000000000';

function transfersOf(log: any): NodeTransfer[] {
  const base = { token: log.address.toLowerCase(), logIndex: Number(BigInt(log.logIndex)) };
  const decode = (abi: typeof TRANSFER_EVENTS | typeof NFT_TRANSFER) => {
    try {
      return decodeEventLog({ abi, data: log.data, topics: log.topics }) as { eventName: string; args: any };
    } catch {
      return null; // not this event
    }
  };
  // ERC-721's Transfer indexes the token ID: four topics where ERC-20's has three.
  const nft = log.topics.length === 4 ? decode(NFT_TRANSFER) : null;
  if (nft) {
    const { args } = nft;
    return [lowerParties({ ...base, type: 'ERC721', from: args.from, to: args.to, value: 1n, tokenId: args.tokenId })];
  }
  const event = decode(TRANSFER_EVENTS);
  if (!event) return [];
  const { eventName, args } = event;
  if (eventName === 'Transfer')
    return [lowerParties({ ...base, type: 'ERC20', from: args.from, to: args.to, value: args.value })];
  if (eventName === 'TransferSingle')
    return [
      lowerParties({ ...base, type: 'ERC1155', from: args.from, to: args.to, value: args.value, tokenId: args.id }),
    ];
  return (args.ids as bigint[]).map((id, i) =>
    lowerParties({
      ...base,
      type: 'ERC1155',
      from: args.from,
      to: args.to,
      value: args.values[i] as bigint,
      tokenId: id,
    }),
  );
}

const lowerParties = (t: NodeTransfer): NodeTransfer => ({ ...t, from: t.from.toLowerCase(), to: t.to.toLowerCase() });

function flatten(frame: Frame, into: Frame[] = []): Frame[] {
  into.push(frame);
  for (const child of frame.calls ?? []) flatten(child, into);
  return into;
}

/**
 * Every transaction of blocks `from`..`to`, with its receipt, trace, transfers and touched addresses.
 * @example const txs = await readNodeTransactions(anvil, 0n, head)
 */
export async function readNodeTransactions(anvil: Anvil, from: bigint, to: bigint): Promise<NodeTransaction[]> {
  const result: NodeTransaction[] = [];
  for (let n = from; n <= to; n++) {
    const block = await anvil.rpc('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]);
    if (block.transactions.length === 0) continue;
    const receipts = await anvil.batch<any>(
      block.transactions.map((tx: any) => ({ method: 'eth_getTransactionReceipt', params: [tx.hash] })),
    );
    const traces = await anvil.batch<Frame>(
      block.transactions.map((tx: any) => ({
        method: 'debug_traceTransaction',
        params: [tx.hash, { tracer: 'callTracer' }],
      })),
    );
    block.transactions.forEach((tx: any, i: number) => {
      const receipt = receipts[i];
      const frames = flatten(traces[i]!);
      const transfers = receipt.logs.flatMap(transfersOf);
      const touched = new Set<string>([tx.from.toLowerCase()]);
      touched.add((tx.to ?? receipt.contractAddress).toLowerCase());
      for (const log of receipt.logs) touched.add(log.address.toLowerCase());
      for (const t of transfers) touched.add(t.from).add(t.to);
      for (const frame of frames) {
        touched.add(frame.from.toLowerCase());
        if (frame.to) touched.add(frame.to.toLowerCase());
      }
      result.push({ block, tx, receipt, frames, transfers, touched });
    });
  }
  return result;
}

/** Whether a webhook is told of a transaction: its chain, active, created at or before the block, a watched address touched, a listed log. */
export function isMatch(webhook: WebhookSpec, node: NodeTransaction): boolean {
  if (webhook.chainId !== '31337' || webhook.status !== 'active') return false;
  if (Number(BigInt(node.block.timestamp)) < Math.floor(webhook.createdAt.getTime() / 1000)) return false;
  if (!webhook.keys.some((key) => node.touched.has(key))) return false;
  return !webhook.eventSignatures?.length || signatureLogs(webhook, node).length > 0;
}

function signatureLogs(webhook: WebhookSpec, node: NodeTransaction): any[] {
  const listed = new Set((webhook.eventSignatures ?? []).map((s) => s.toLowerCase()));
  return listed.size === 0 ? node.receipt.logs : node.receipt.logs.filter((log: any) => listed.has(log.topics[0]));
}

/** Token name, symbol and decimals by eth_call ('' and 18 decimals where a call fails). */
export async function readToken(
  anvil: Anvil,
  address: string,
): Promise<{ name: string; symbol: string; decimals: number }> {
  const call = async (functionName: 'name' | 'symbol' | 'decimals') => {
    try {
      const data = await anvil.rpc('eth_call', [
        { to: address, data: encodeFunctionData({ abi: METADATA, functionName }) },
        'latest',
      ]);
      return decodeFunctionResult({ abi: METADATA, functionName, data }) as string | number;
    } catch {
      return undefined;
    }
  };
  return {
    name: ((await call('name')) as string | undefined) ?? '',
    symbol: ((await call('symbol')) as string | undefined) ?? '',
    decimals: Number((await call('decimals')) ?? 18),
  };
}

const dec = (hex: string | undefined) => BigInt(hex ?? '0x0').toString();

/**
 * The TransactionEvent a webhook expects for a transaction, from the node's values and the rules of
 * docs/api-decisions.md ("Webhooks").
 * @example expectedEvent(node, webhook, tokens, { name: 'Test Ether', symbol: 'TETH', decimals: 18 })
 */
export function expectedEvent(
  node: NodeTransaction,
  webhook: WebhookSpec,
  tokens: Map<string, { name: string; symbol: string; decimals: number }>,
  native: { name: string; symbol: string; decimals: number },
): unknown {
  const { block, tx, receipt, frames } = node;
  const created = tx.to ? null : receipt.contractAddress.toLowerCase();
  const timestamp = Number(BigInt(block.timestamp));
  const transfer = (t: NodeTransfer) => {
    const token = tokens.get(t.token)!;
    const decimals = t.type === 'ERC20' ? token.decimals : 0;
    const key = t.type === 'ERC20' ? 'erc20Token' : t.type === 'ERC721' ? 'erc721Token' : 'erc1155Token';
    return {
      transactionHash: tx.hash,
      type: t.type,
      from: t.from,
      to: t.to,
      value: t.value.toString(),
      ...(t.tokenId === undefined ? {} : { tokenId: t.tokenId.toString() }),
      blockTimestamp: timestamp,
      logIndex: t.logIndex,
      [key]: {
        address: t.token,
        name: token.name,
        symbol: token.symbol,
        decimals,
        valueWithDecimals: formatUnits(t.value, decimals),
      },
    };
  };
  const transaction = {
    blockHash: block.hash,
    blockNumber: dec(block.number),
    from: tx.from.toLowerCase(),
    gas: dec(tx.gas),
    gasPrice: dec(tx.maxFeePerGas ?? tx.gasPrice),
    maxFeePerGas: dec(tx.maxFeePerGas ?? tx.gasPrice),
    maxPriorityFeePerGas: dec(tx.maxPriorityFeePerGas ?? tx.gasPrice),
    txHash: tx.hash,
    txStatus: dec(receipt.status),
    input: tx.input,
    nonce: dec(tx.nonce),
    to: (tx.to ?? created).toLowerCase(),
    transactionIndex: Number(BigInt(tx.transactionIndex)),
    value: dec(tx.value),
    type: Number(BigInt(tx.type)),
    chainId: '31337',
    receiptCumulativeGasUsed: dec(receipt.cumulativeGasUsed),
    receiptGasUsed: dec(receipt.gasUsed),
    receiptEffectiveGasPrice: dec(receipt.effectiveGasPrice),
    receiptRoot: block.receiptsRoot,
    blockTimestamp: timestamp,
    contractAddress: created ?? ZERO,
    erc20Transfers: node.transfers.filter((t) => t.type === 'ERC20').map(transfer),
    erc721Transfers: node.transfers.filter((t) => t.type === 'ERC721').map(transfer),
    erc1155Transfers: node.transfers.filter((t) => t.type === 'ERC1155').map(transfer),
    ...(webhook.includeInternalTxs
      ? {
          internalTransactions: frames.map((frame, i) => ({
            from: frame.from.toLowerCase(),
            to: (frame.to ?? ZERO).toLowerCase(),
            internalTxType: frame.type.toUpperCase(),
            value: i === 0 ? dec(tx.value) : dec(frame.value),
            // The top-level call: the transaction's gas limit and the receipt's gas used.
            gasUsed: i === 0 ? dec(receipt.gasUsed) : dec(frame.gasUsed),
            gasLimit: i === 0 ? dec(tx.gas) : dec(frame.gas),
            transactionHash: tx.hash,
          })),
        }
      : {}),
    ...(tx.accessList?.length
      ? {
          accessList: tx.accessList.map((entry: any) => ({
            accessAddresses: entry.address.toLowerCase(),
            storageKeys: entry.storageKeys,
          })),
        }
      : {}),
    networkToken: {
      tokenName: native.name,
      tokenSymbol: native.symbol,
      tokenDecimals: native.decimals,
      valueWithDecimals: formatUnits(BigInt(tx.value), native.decimals),
    },
  };
  if (!webhook.includeLogs) return { transaction };
  return {
    transaction,
    logs: signatureLogs(webhook, node).map((log: any) => ({
      address: log.address.toLowerCase(),
      topic0: log.topics[0] ?? '0x',
      ...Object.fromEntries(log.topics.slice(1).map((topic: string, i: number) => [`topic${i + 1}`, topic])),
      data: log.data,
      transactionIndex: Number(BigInt(log.transactionIndex)),
      logIndex: Number(BigInt(log.logIndex)),
      removed: false,
    })),
  };
}
