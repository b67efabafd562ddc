// Random traffic, part 1: native transfers, ERC-20 transfers, approvals, mints, wrapping, DEX
// swaps (with their internal calls), multisends, spam airdrops and failed transactions. A builder
// returns null when the state does not allow its transaction (no holder, empty pool, ...).
import { ETHER } from '../constants';
import { SIGNATURES } from './abi';
import { ZERO_ADDRESS } from './chains';
import type { ChainToken } from './contracts';
import type { BlockContext, InternalDraft, TransferDraft, TxDraft } from './draft';
import { erc20Approval, swapLogs } from './events';
import { amountOf, callDraft, pickRecipient, pickUser, type ChainEnv } from './env';
import { erc20Balance } from './state';

/** A transaction builder. */
export type Kind = (block: BlockContext, env: ChainEnv) => TxDraft | null;

const erc20 = (token: string, from: string, to: string, value: bigint): TransferDraft[] => [
  { ercType: 'ERC20', token, from, to, value },
];
const call = (
  from: string,
  to: string,
  gasUsed: number,
  value = 0n,
  type: InternalDraft['type'] = 'CALL',
): InternalDraft => ({ type, from, to, value, gasUsed: BigInt(gasUsed) });
const tokensOf = (env: ChainEnv, roles: string[]) =>
  [...env.contracts.tokens.values()].filter((t) => t.spec.ercType === 'ERC20' && roles.includes(t.spec.role));
/** Whole-token rate as a fraction of 1e9, for exact bigint pricing. */
const RATE_SCALE = 1_000_000_000n;
const rateOf = (t: ChainToken) => BigInt(Math.max(1, Math.round(t.spec.rate! * 1e9)));

/**
 * Native value transfer between users.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = nativeTransfer(block, env)
 */
export const nativeTransfer: Kind = (_block, env) => {
  const from = pickUser(env);
  const to = pickRecipient(env);
  if (to === from) return null;
  return {
    from,
    to,
    value: amountOf(env.rng, 18, 0.01, 40),
    input: new Uint8Array(),
    gasUsed: 21_000n,
    status: 1,
    logs: [],
    internals: [],
  };
};

/**
 * ERC-20 transfer by a current holder; the proxied stablecoin adds a DELEGATECALL frame.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = erc20Transfer(block, env)
 */
export const erc20Transfer: Kind = (block, env) => {
  const token = env.rng.pick(tokensOf(env, ['stable', 'defi', 'community', 'game', 'bridged', 'wrapped']));
  if (!token) return null;
  const holders = block.state.holders.get(token.address)?.items ?? [];
  if (holders.length === 0) return null;
  const from = env.rng.pick(holders);
  const balance = erc20Balance(block.state, token.address, from);
  const value = (balance * BigInt(env.rng.int(1, 60))) / 100n;
  const to = pickRecipient(env);
  if (value === 0n || to === from) return null;
  const draft = callDraft(from, token.address, SIGNATURES.transfer, [to, value], BigInt(env.rng.int(34_000, 65_000)));
  draft.logs = [erc20(token.address, from, to, value)];
  if (token.spec.role === 'stable')
    draft.internals = [call(token.address, implementationOf(token.address), 9_000, 0n, 'DELEGATECALL')];
  return draft;
};

/**
 * Approval of the router (no transfer, one Approval log).
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = approve(block, env)
 */
export const approve: Kind = (_block, env) => {
  const token = env.rng.pick(tokensOf(env, ['stable', 'defi', 'community', 'game', 'wrapped']));
  const router = env.contracts.infra.get('router');
  if (!token || !router) return null;
  const draft = callDraft(pickUser(env), token.address, SIGNATURES.approve, [router, (1n << 256n) - 1n], 46_000n);
  draft.logs = [erc20Approval(token.address, draft.from, router, (1n << 256n) - 1n)];
  return draft;
};

/**
 * Issuer mint of a stablecoin, or a reward claim of the game token.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = tokenMint(block, env)
 */
export const tokenMint: Kind = (_block, env) => {
  const token = env.rng.pick(tokensOf(env, ['stable', 'game']));
  if (!token) return null;
  const to = pickUser(env);
  const value = amountOf(env.rng, token.spec.decimals ?? 18, 10, 20_000);
  const draft =
    token.spec.role === 'game'
      ? callDraft(to, token.address, SIGNATURES.claimRewards, [], BigInt(env.rng.int(50_000, 70_000)))
      : callDraft(
          env.contracts.operators.issuer,
          token.address,
          SIGNATURES.mint,
          [to, value],
          BigInt(env.rng.int(55_000, 70_000)),
        );
  draft.logs = [erc20(token.address, ZERO_ADDRESS, to, value)];
  return draft;
};

/**
 * Wrap (deposit) or unwrap (withdraw) of the native token.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = wrapUnwrap(block, env)
 */
export const wrapUnwrap: Kind = (block, env) => {
  const wrapped = env.contracts.tokens.get('wrapped');
  if (!wrapped) return null;
  const holders = block.state.holders.get(wrapped.address)?.items ?? [];
  if (env.rng.chance(0.5) && holders.length > 0) {
    const from = env.rng.pick(holders);
    const value = (erc20Balance(block.state, wrapped.address, from) * BigInt(env.rng.int(10, 100))) / 100n;
    if (value === 0n) return null;
    const draft = callDraft(from, wrapped.address, SIGNATURES.withdraw, [value], 35_000n);
    draft.logs = [erc20(wrapped.address, from, ZERO_ADDRESS, value)];
    draft.internals = [call(wrapped.address, from, 2_300, value)];
    return draft;
  }
  const from = pickUser(env);
  const value = amountOf(env.rng, 18, 0.1, 50);
  const draft = callDraft(from, wrapped.address, SIGNATURES.deposit, [], 45_000n, value);
  draft.logs = [erc20(wrapped.address, ZERO_ADDRESS, from, value)];
  return draft;
};

/**
 * Swap of native tokens for a pooled ERC-20 through the router.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = swapNativeForToken(block, env)
 */
export const swapNativeForToken: Kind = (block, env) => {
  const token = env.rng.pick(tokensOf(env, ['stable', 'defi', 'community', 'game']).filter((t) => t.pool));
  const wrapped = env.contracts.tokens.get('wrapped');
  const router = env.contracts.infra.get('router');
  if (!token || !wrapped || !router) return null;
  const from = pickUser(env);
  const value = amountOf(env.rng, 18, 0.05, 60);
  const out = (value * 10n ** BigInt(token.spec.decimals ?? 18) * RATE_SCALE * 997n) / (ETHER * rateOf(token) * 1000n);
  if (out === 0n || erc20Balance(block.state, token.address, token.pool!) < out) return null;
  const draft = callDraft(
    from,
    router,
    SIGNATURES.swapExactNativeForTokens,
    [out, 128, from, block.number + 1000n],
    BigInt(env.rng.int(120_000, 190_000)),
    value,
  );
  draft.internals = [
    call(router, wrapped.address, 23_974, value),
    call(router, wrapped.address, 8_062),
    call(router, token.pool!, 62_101),
    call(token.pool!, token.address, 27_962),
    call(token.pool!, wrapped.address, 2_534, 0n, 'STATICCALL'),
  ];
  const reserves = new Map([
    [token.address, erc20Balance(block.state, token.address, token.pool!) - out],
    [wrapped.address, erc20Balance(block.state, wrapped.address, token.pool!) + value],
  ]);
  draft.logs = [
    erc20(wrapped.address, ZERO_ADDRESS, router, value),
    erc20(wrapped.address, router, token.pool!, value),
    erc20(token.address, token.pool!, from, out),
    ...swapLogs(token.pool!, wrapped.address, value, token.address, out, reserves, router, from),
  ];
  return draft;
};

/**
 * Swap of a pooled ERC-20 for native tokens: the router unwraps and forwards the proceeds.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = swapTokenForNative(block, env)
 */
export const swapTokenForNative: Kind = (block, env) => {
  const token = env.rng.pick(tokensOf(env, ['stable', 'defi', 'community', 'game']).filter((t) => t.pool));
  const wrapped = env.contracts.tokens.get('wrapped');
  const router = env.contracts.infra.get('router');
  if (!token || !wrapped || !router) return null;
  const holders = block.state.holders.get(token.address)?.items ?? [];
  if (holders.length === 0) return null;
  const from = env.rng.pick(holders);
  const amountIn = (erc20Balance(block.state, token.address, from) * BigInt(env.rng.int(5, 50))) / 100n;
  const out =
    (amountIn * rateOf(token) * ETHER * 997n) / (10n ** BigInt(token.spec.decimals ?? 18) * RATE_SCALE * 1000n);
  if (
    out === 0n ||
    erc20Balance(block.state, wrapped.address, token.pool!) < out ||
    (block.state.native.get(wrapped.address) ?? 0n) < out
  )
    return null;
  const draft = callDraft(
    from,
    router,
    SIGNATURES.swapExactTokensForNative,
    [amountIn, out, 128, from, block.number + 1000n],
    BigInt(env.rng.int(130_000, 200_000)),
  );
  draft.internals = [
    call(router, token.address, 31_000),
    call(router, token.pool!, 60_000),
    call(token.pool!, wrapped.address, 8_062),
    call(router, wrapped.address, 9_200),
    call(wrapped.address, router, 83, out),
    call(router, from, 0, out),
  ];
  const reserves = new Map([
    [token.address, erc20Balance(block.state, token.address, token.pool!) + amountIn],
    [wrapped.address, erc20Balance(block.state, wrapped.address, token.pool!) - out],
  ]);
  draft.logs = [
    erc20(token.address, from, token.pool!, amountIn),
    erc20(wrapped.address, token.pool!, router, out),
    ...swapLogs(token.pool!, token.address, amountIn, wrapped.address, out, reserves, router, router),
    erc20(wrapped.address, router, ZERO_ADDRESS, out),
  ];
  return draft;
};

/**
 * Native payout to several recipients in one call (internal CALLs with value).
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = multisend(block, env)
 */
export const multisend: Kind = (_block, env) => {
  const contract = env.contracts.infra.get('multisend');
  if (!contract) return null;
  const from = pickUser(env);
  const recipients = Array.from({ length: env.rng.int(3, 6) }, () => pickRecipient(env));
  const values = recipients.map(() => amountOf(env.rng, 18, 0.01, 5));
  const total = values.reduce((sum, v) => sum + v, 0n);
  const draft = callDraft(
    from,
    contract,
    SIGNATURES.multisend,
    [64, 64 + 32 * (recipients.length + 1)],
    BigInt(30_000 + 9_500 * recipients.length),
    total,
  );
  draft.internals = recipients.map((to, i) => call(contract, to, 0, values[i]!));
  return draft;
};

/**
 * A spam token airdropped (minted) to many users: Malicious reputation.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = spamAirdrop(block, env)
 */
export const spamAirdrop: Kind = (_block, env) => {
  const token = env.rng.pick(tokensOf(env, ['spam']));
  if (!token) return null;
  const targets = Array.from({ length: env.rng.int(5, 25) }, () => pickRecipient(env));
  const value = amountOf(env.rng, token.spec.decimals ?? 18, 100, 5_000);
  const draft = callDraft(
    env.contracts.operators.spammer,
    token.address,
    SIGNATURES.airdrop,
    [64, value],
    BigInt(28_000 * targets.length),
  );
  draft.logs = targets.map((to) => erc20(token.address, ZERO_ADDRESS, to, value));
  return draft;
};

/**
 * A reverted swap: fee paid, value kept, every frame reverted.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = failedSwap(block, env)
 */
export const failedSwap: Kind = (_block, env) => {
  const router = env.contracts.infra.get('router');
  const token = env.rng.pick(tokensOf(env, ['stable', 'defi', 'community', 'game']).filter((t) => t.pool));
  if (!router || !token) return null;
  const from = pickUser(env);
  const draft = callDraft(
    from,
    router,
    SIGNATURES.swapExactNativeForTokens,
    [1n << 100n, 128, from, 0],
    BigInt(env.rng.int(28_000, 90_000)),
    amountOf(env.rng, 18, 0.1, 10),
  );
  draft.status = 0;
  draft.internals = [call(router, token.pool!, env.rng.int(5_000, 30_000))];
  return draft;
};

function implementationOf(proxy: string): string {
  return `0x${[...proxy.slice(2)].reverse().join('')}`;
}
