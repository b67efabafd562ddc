// subnet-evm's own eth_ methods (internal/ethapi/api_extra.go): eth_feeConfig, eth_getChainConfig,
// eth_getActivePrecompilesAt (deprecated) and eth_getActiveRulesAt, from the chain's genesis and
// precompile upgrades in the index. Times default to the head block's timestamp, not the clock.
import { headerOfRef, rangeOf } from './blockAccess';
import { blockByNumber } from './chainData';
import type { ChainContext } from './chainContext';
import { ethMethod } from './methodSpec';
import { optionalBlockRefArg, optionalUint64Arg, type BlockRef } from './params';
import { activeRulesResult } from './subnetEvm/activeRules';
import { chainConfigResult } from './subnetEvm/chainConfig';
import { feeConfigAt } from './subnetEvm/feeConfigAt';
import { loadChainSpec, type ChainSpec } from './subnetEvm/loadChainSpec';
import { activePrecompiles } from './subnetEvm/precompiles';
import { methodNotFound } from '../envelope/jsonRpcError';

async function specOf(ctx: ChainContext, method: string): Promise<ChainSpec> {
  const spec = await loadChainSpec(ctx.db, ctx.chain);
  if (!spec) throw methodNotFound(method);
  return spec;
}

/** CurrentHeader(): the head block (the genesis, time of the spec, while nothing is indexed). */
async function currentHeader(ctx: ChainContext, spec: ChainSpec): Promise<{ number: bigint; timestamp: bigint }> {
  const range = await rangeOf(ctx);
  const head = range ? await blockByNumber(ctx.db, ctx.chain.evmChainId!, range.head) : undefined;
  return head ?? { number: 0n, timestamp: spec.genesisTimestamp };
}

/** eth_feeConfig([block]): `{feeConfig, lastChangedAt}` after the block (default: the head). */
export const eth_feeConfig = ethMethod({
  args: [optionalBlockRefArg],
  run: async ([ref], ctx) => {
    const spec = await specOf(ctx, 'eth_feeConfig');
    const header = ref === undefined ? await currentHeader(ctx, spec) : await headerOfRef(ctx, ref as BlockRef);
    return feeConfigAt(ctx.db, { network: ctx.chain.network, evmChainId: ctx.chain.evmChainId! }, spec, header);
  },
});

/** eth_getChainConfig(): the chain config with its upgrades. */
export const eth_getChainConfig = ethMethod({
  args: [],
  run: async (_, ctx) => chainConfigResult(ctx.chain.network, await specOf(ctx, 'eth_getChainConfig')),
});

/** eth_getActivePrecompilesAt([timestamp]): the precompile configs active then (deprecated by the node). */
export const eth_getActivePrecompilesAt = ethMethod({
  args: [optionalUint64Arg],
  run: async ([timestamp], ctx) => {
    const spec = await specOf(ctx, 'eth_getActivePrecompilesAt');
    const at = (timestamp as bigint | undefined) ?? (await currentHeader(ctx, spec)).timestamp;
    const active = activePrecompiles(spec.genesisPrecompiles, spec.upgrades, at);
    return Object.fromEntries([...active].map(([key, config]) => [key, config.json]));
  },
});

/** eth_getActiveRulesAt([timestamp]): `{ethRules, avalancheRules, precompiles}` at the time. */
export const eth_getActiveRulesAt = ethMethod({
  args: [optionalUint64Arg],
  run: async ([timestamp], ctx) => {
    const spec = await specOf(ctx, 'eth_getActiveRulesAt');
    const at = (timestamp as bigint | undefined) ?? (await currentHeader(ctx, spec)).timestamp;
    return activeRulesResult(ctx.chain.network, spec, at);
  },
});
