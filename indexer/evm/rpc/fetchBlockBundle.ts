// Everything one block needs from the node, in two or three batched round trips: the block with its
// transactions, receipts (eth_getBlockReceipts, else one eth_getTransactionReceipt each), call traces
// (debug_traceBlockByNumber + callTracer, when the node has it) and the native balance at that block of
// every address the block touched.
import type { RpcCall, RpcClient, RpcOutcome } from '../../../shared/jsonRpc/createRpcClient';
import { parityTracesToFrames } from './parityTracesToFrames';
import { readBlock, readCallFrame, readReceipt } from './readAnswer';
import { MalformedAnswerError, NodeError } from '../../../shared/jsonRpc/rpcErrors';
import type { BlockBundle, RpcCallFrame, RpcReceipt } from './types';

/** What the node offers, learnt from its first answers and kept for the chain. */
export type NodeCapabilities = {
  /** eth_getBlockReceipts works; undefined until tried. */
  blockReceipts?: boolean;
  /** The trace method works; undefined until tried, false when disabled by config or missing. */
  traces?: boolean;
  /** Which trace method: geth's `debug_traceBlockByNumber` + callTracer (default; coreth, subnet-evm) or Parity's `trace_block`. */
  traceMethod?: 'callTracer' | 'trace_block';
};

const hex = (n: bigint) => `0x${n.toString(16)}`;
const unsupported = (outcome: RpcOutcome | undefined) => !outcome?.ok && outcome?.error instanceof NodeError;

/**
 * Fetches one block's bundle. Throws (never returns a partial bundle) when any part is missing.
 * @param rpc the node client
 * @param number block number
 * @param capabilities the chain's capabilities, updated when a method turns out to be missing
 * @param onUnsupported told once when a method is missing (the indexer logs it)
 * @returns the bundle, or null when the node has no such block yet
 * @example const bundle = await fetchBlockBundle(rpc, 100n, {}, (m) => log.warn(m))
 */
export async function fetchBlockBundle(
  rpc: RpcClient,
  number: bigint,
  capabilities: NodeCapabilities,
  onUnsupported: (message: string) => void,
): Promise<BlockBundle | null> {
  const tag = hex(number);
  const wantReceipts = capabilities.blockReceipts !== false;
  const wantTraces = capabilities.traces !== false;
  const calls: RpcCall[] = [{ method: 'eth_getBlockByNumber', params: [tag, true] }];
  if (wantReceipts) calls.push({ method: 'eth_getBlockReceipts', params: [tag] });
  const parity = capabilities.traceMethod === 'trace_block';
  if (wantTraces)
    calls.push(
      parity
        ? { method: 'trace_block', params: [tag] }
        : { method: 'debug_traceBlockByNumber', params: [tag, { tracer: 'callTracer' }] },
    );
  const outcomes = await rpc.batch(calls);
  const blockOutcome = outcomes[0]!;
  if (!blockOutcome.ok) throw blockOutcome.error;
  if (blockOutcome.result === null) return null;
  const block = readBlock(blockOutcome.result);
  if (BigInt(block.number) !== number)
    throw new MalformedAnswerError('eth_getBlockByNumber', `asked for block ${number}, got ${BigInt(block.number)}`);

  let receipts: RpcReceipt[] | null = null;
  if (wantReceipts) {
    const outcome = outcomes[1];
    if (outcome?.ok && Array.isArray(outcome.result)) {
      receipts = outcome.result.map((r) => readReceipt('eth_getBlockReceipts', r));
      capabilities.blockReceipts = true;
    } else if (capabilities.blockReceipts !== true && unsupported(outcome)) {
      // Blocks fetched in parallel learn it together; it is said once.
      if (capabilities.blockReceipts === undefined)
        onUnsupported(
          `eth_getBlockReceipts is not available (${(outcome as { error: Error }).error.message}); falling back to eth_getTransactionReceipt per transaction`,
        );
      capabilities.blockReceipts = false;
    } else if (outcome && !outcome.ok) throw outcome.error;
  }
  if (!receipts) {
    const answers = await rpc.batch(
      block.transactions.map((tx) => ({ method: 'eth_getTransactionReceipt', params: [tx.hash] })),
    );
    receipts = answers.map((a) => {
      if (!a.ok) throw a.error;
      if (a.result === null)
        throw new MalformedAnswerError('eth_getTransactionReceipt', `no receipt for a transaction of block ${number}`);
      return readReceipt('eth_getTransactionReceipt', a.result);
    });
  }
  if (receipts.length !== block.transactions.length) {
    throw new MalformedAnswerError(
      'eth_getBlockReceipts',
      `${receipts.length} receipts for ${block.transactions.length} transactions in block ${number}`,
    );
  }
  receipts.forEach((r, i) => {
    if (r.transactionHash.toLowerCase() !== block.transactions[i]!.hash.toLowerCase())
      throw new MalformedAnswerError(
        'eth_getBlockReceipts',
        `receipt ${i} of block ${number} is for another transaction`,
      );
  });

  let traces: RpcCallFrame[] | null = null;
  if (wantTraces) {
    const outcome = outcomes[outcomes.length - 1];
    if (outcome?.ok && parity) {
      traces = parityTracesToFrames(outcome.result, block.transactions.length);
      capabilities.traces = true;
    } else if (outcome?.ok && Array.isArray(outcome.result)) {
      if (outcome.result.length !== block.transactions.length)
        throw new MalformedAnswerError(
          'debug_traceBlockByNumber',
          `${outcome.result.length} traces for ${block.transactions.length} transactions`,
        );
      traces = outcome.result.map((item: { result?: unknown; error?: unknown }, i) => {
        if (item?.result === undefined)
          throw new MalformedAnswerError(
            'debug_traceBlockByNumber',
            `trace ${i} of block ${number} has no result${item?.error ? ` (${String(item.error)})` : ''}`,
          );
        return readCallFrame(item.result, `trace[${i}]`);
      });
      capabilities.traces = true;
    } else if (capabilities.traces !== true && unsupported(outcome)) {
      if (capabilities.traces === undefined)
        onUnsupported(
          `${parity ? 'trace_block' : 'debug_traceBlockByNumber with callTracer'} is not available (${(outcome as { error: Error }).error.message}): internal transactions and contracts created by other contracts are NOT indexed for this chain`,
        );
      capabilities.traces = false;
    } else if (outcome && !outcome.ok) throw outcome.error;
  }

  const touched = touchedAddresses(block, receipts, traces);
  const balances = new Map<string, bigint>();
  const answers = await rpc.batch(touched.map((address) => ({ method: 'eth_getBalance', params: [address, tag] })));
  answers.forEach((a, i) => {
    if (!a.ok) throw a.error;
    if (typeof a.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(a.result))
      throw new MalformedAnswerError('eth_getBalance', `not a hex quantity: ${JSON.stringify(a.result)}`);
    balances.set(touched[i]!, BigInt(a.result));
  });
  return { block, receipts, traces, balances };
}

/** Addresses whose native balance a block may have changed: senders, recipients, the fee recipient, created contracts and every value-moving frame. */
function touchedAddresses(
  block: BlockBundle['block'],
  receipts: RpcReceipt[],
  traces: RpcCallFrame[] | null,
): string[] {
  const set = new Set<string>();
  const add = (address: string | null | undefined) => {
    if (address) set.add(address.toLowerCase());
  };
  if (block.transactions.length > 0) add(block.miner);
  for (const tx of block.transactions) {
    add(tx.from);
    add(tx.to);
  }
  for (const r of receipts) add(r.contractAddress);
  const walk = (frame: RpcCallFrame) => {
    if (
      (frame.value && BigInt(frame.value) !== 0n) ||
      frame.type === 'SELFDESTRUCT' ||
      frame.type.startsWith('CREATE')
    ) {
      add(frame.from);
      add(frame.to);
    }
    frame.calls?.forEach(walk);
  };
  traces?.forEach(walk);
  return [...set].sort();
}
