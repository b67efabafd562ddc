// Internal transactions and contract deployments from a transaction's callTracer frames.
import type { RowOf } from '../../../prisma/write';
import type { RpcCallFrame } from '../rpc/types';

const TYPES = new Set(['CALL', 'CREATE', 'CREATE2', 'CREATE3', 'CALLCODE', 'DELEGATECALL', 'STATICCALL']);
const ZERO = '0x0000000000000000000000000000000000000000';

/** A contract a CREATE / CREATE2 frame made, and who made it. */
export type TracedDeployment = { address: string; factory: string | null };

/**
 * Walks one transaction's trace depth first: every frame below the top one is an
 * EvmInternalTransaction (`traceIndex` 0, 1, ... in that order); a frame is reverted when it or
 * any caller failed. Successful CREATE/CREATE2 frames are deployments (the factory is the frame's
 * caller; null for the top-level creation).
 * @param chainId chain
 * @param blockNumber block
 * @param txHash transaction
 * @param top the top-level frame
 * @returns rows and deployments
 * @example const { internals, deployments } = decodeTraces(31337n, 7n, hash, trace)
 */
export function decodeTraces(
  chainId: bigint,
  blockNumber: bigint,
  txHash: string,
  top: RpcCallFrame,
): { internals: RowOf<'EvmInternalTransaction'>[]; deployments: TracedDeployment[] } {
  const internals: RowOf<'EvmInternalTransaction'>[] = [];
  const deployments: TracedDeployment[] = [];
  const visit = (frame: RpcCallFrame, depth: number, parentReverted: boolean) => {
    const reverted = parentReverted || Boolean(frame.error);
    const type = frame.type.toUpperCase();
    if (depth > 0) {
      internals.push({
        chainId,
        txHash,
        traceIndex: internals.length,
        blockNumber,
        from: frame.from.toLowerCase(),
        to: (frame.to ?? ZERO).toLowerCase(),
        internalTxType: (TYPES.has(type) ? type : 'UNKNOWN') as RowOf<'EvmInternalTransaction'>['internalTxType'],
        value: BigInt(frame.value ?? '0x0').toString(),
        gasUsed: BigInt(frame.gasUsed ?? '0x0').toString(),
        gasLimit: BigInt(frame.gas ?? '0x0').toString(),
        isReverted: reverted,
      });
    }
    if (!reverted && type.startsWith('CREATE') && frame.to)
      deployments.push({ address: frame.to.toLowerCase(), factory: depth > 0 ? frame.from.toLowerCase() : null });
    for (const child of frame.calls ?? []) visit(child, depth + 1, reverted);
  };
  visit(top, 0, false);
  return { internals, deployments };
}
