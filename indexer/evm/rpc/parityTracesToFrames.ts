// Parity-style `trace_block` answers (Erigon, Nethermind, Reth, anvil) as callTracer frames, so one
// decoder serves both trace sources. Entries come depth first; `traceAddress` places each under its
// caller.
import { MalformedAnswerError } from '../../../shared/jsonRpc/rpcErrors';
import type { RpcCallFrame } from './types';

type ParityTrace = {
  type?: string;
  action?: {
    from?: string;
    to?: string;
    value?: string;
    gas?: string;
    callType?: string;
    creationMethod?: string;
    address?: string;
    refundAddress?: string;
    balance?: string;
  };
  result?: { gasUsed?: string; address?: string } | null;
  error?: string;
  traceAddress?: number[];
  transactionPosition?: number | null;
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Builds one top-level frame per transaction from a block's trace_block entries.
 * @param entries the answer of `trace_block`
 * @param txCount transactions in the block (rewards and other entries without a position are ignored)
 * @returns frames in transaction order
 * @throws MalformedAnswerError when an entry is not placeable or a transaction has no root
 * @example const frames = parityTracesToFrames(await rpc.call('trace_block', ['0x10']), block.transactions.length)
 */
export function parityTracesToFrames(entries: unknown, txCount: number): RpcCallFrame[] {
  if (!Array.isArray(entries)) throw new MalformedAnswerError('trace_block', 'not an array');
  const roots: (RpcCallFrame | undefined)[] = new Array(txCount);
  const stacks: RpcCallFrame[][] = Array.from({ length: txCount }, () => []);
  for (const [i, raw] of (entries as ParityTrace[]).entries()) {
    if (raw?.transactionPosition === undefined || raw.transactionPosition === null) continue; // block reward
    const position = raw.transactionPosition;
    const action = raw.action ?? {};
    const path = raw.traceAddress;
    if (!Number.isInteger(position) || position < 0 || position >= txCount || !Array.isArray(path))
      throw new MalformedAnswerError('trace_block', `entry ${i} has no valid transactionPosition / traceAddress`);
    let frame: RpcCallFrame;
    if (raw.type === 'create') {
      frame = {
        type: action.creationMethod === 'create2' ? 'CREATE2' : 'CREATE',
        from: action.from ?? '',
        to: raw.result?.address,
        value: action.value,
        gas: action.gas,
        gasUsed: raw.result?.gasUsed,
        error: raw.error,
      };
    } else if (raw.type === 'suicide') {
      frame = {
        type: 'SELFDESTRUCT',
        from: action.address ?? '',
        to: action.refundAddress,
        value: action.balance,
        gas: '0x0',
        gasUsed: '0x0',
      };
    } else if (raw.type === 'call') {
      frame = {
        type: (action.callType ?? 'call').toUpperCase(),
        from: action.from ?? '',
        to: action.to,
        value: action.value ?? '0x0',
        gas: action.gas,
        gasUsed: raw.result?.gasUsed,
        error: raw.error,
      };
    } else continue; // reward and unknown kinds carry no call
    if (!ADDRESS.test(frame.from))
      throw new MalformedAnswerError('trace_block', `entry ${i} has no valid from address`);
    const stack = stacks[position]!;
    if (path.length === 0) {
      roots[position] = frame;
      stack.length = 0;
      stack.push(frame);
      continue;
    }
    // Depth-first order: the caller of a frame at depth d is the last frame seen at depth d - 1.
    stack.length = path.length;
    const parent = stack[path.length - 1];
    if (!parent) throw new MalformedAnswerError('trace_block', `entry ${i} comes before its caller`);
    (parent.calls ??= []).push(frame);
    stack.push(frame);
  }
  return roots.map((root, i) => {
    if (!root) throw new MalformedAnswerError('trace_block', `no trace for transaction ${i}`);
    return root;
  });
}
