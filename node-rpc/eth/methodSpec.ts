import type { ChainContext } from './chainContext';
import type { Arg } from './params';

/** One method of a chain's RPC: its positional arguments and what it does. */
export type EthMethod = {
  args: readonly Arg<unknown>[];
  // The values match `args` (decodePositional), typed loosely so one table can hold every method.
  // biome-ignore lint/suspicious/noExplicitAny: each method reads its own argument types from the values
  run(values: any[], ctx: ChainContext): Promise<unknown>;
};

/**
 * Declares a method (keeps the table's entries checked against EthMethod).
 * @param method the method
 * @returns the same method
 * @example const chainId = ethMethod({ args: [], run: async (_, ctx) => quantity(ctx.chain.evmChainId!) })
 */
export function ethMethod(method: EthMethod): EthMethod {
  return method;
}
