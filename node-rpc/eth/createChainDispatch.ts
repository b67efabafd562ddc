// Runs one call of a chain's `/rpc`: a method of the index (arguments decoded as the node decodes
// them), or the upstream node for what the index cannot answer (another method, a block outside the
// indexed range, a subnet-evm method on the C-Chain), or the node's "not available" error.
import type { GethDispatch } from '../envelope/gethHandler';
import { methodNotFound, JsonRpcError, RPC_CODES } from '../envelope/jsonRpcError';
import { NotIndexedError } from './blockAccess';
import type { ChainContext } from './chainContext';
import { ETH_METHODS } from './methodTable';
import { decodePositional } from './params';

/**
 * Creates the dispatcher of one chain.
 * @param ctx chain context
 * @returns the dispatcher for the geth-style handler
 * @example createGethHandler({ dispatch: createChainDispatch(ctx), ... })
 */
export function createChainDispatch(ctx: ChainContext): GethDispatch {
  const forward = (method: string, rawParams: string | undefined, why: JsonRpcError) => {
    if (!ctx.upstream) throw why;
    ctx.logger.debug('Forwarded', { method, upstream: ctx.upstream.label });
    return ctx.upstream.call(method, rawParams);
  };
  return async ({ method, params, rawParams }) => {
    const started = performance.now();
    const spec = Object.hasOwn(ETH_METHODS, method) ? ETH_METHODS[method] : undefined;
    if (!spec) return forward(method, rawParams, methodNotFound(method));
    const values = decodePositional(params, spec.args);
    try {
      const result = await spec.run(values as unknown[], ctx);
      ctx.logger.debug(`Served ${method}`, { ms: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      if (
        error instanceof NotIndexedError ||
        (error instanceof JsonRpcError && error.jsonRpcCode === RPC_CODES.methodNotFound)
      ) {
        return forward(method, rawParams, error);
      }
      if (error instanceof JsonRpcError) {
        ctx.logger.info(`Served ${method}`, { err: error.message });
        throw error;
      }
      ctx.logger.error(`${method} failed`, { error });
      throw new JsonRpcError(RPC_CODES.internal, 'method handler crashed');
    }
  };
}
