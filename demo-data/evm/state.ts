// World state of one generated EVM chain: native and token balances, nonces and NFT owners.
// Every transaction is applied as soon as it is drafted, so the next one sees its effects, and
// the balance histories written at each block's end are exact running sums of the transfers.
import { ETHER } from '../constants';
import { mix32 } from './timeline';

/** A set with O(1) random pick and removal: ERC-20 holders that may send. */
export type PickSet = { items: string[]; index: Map<string, number> };

/** State of one chain. */
export type ChainState = {
  /** Accounts with an opening native balance (genesis allocation on L1s). */
  pool: string[];
  poolSet: Set<string>;
  native: Map<string, bigint>;
  nonces: Map<string, bigint>;
  /** token → holder → balance. */
  erc20: Map<string, Map<string, bigint>>;
  /** token → EOAs holding a positive balance. */
  holders: Map<string, PickSet>;
  /** ERC-721: token → token ID → owner; and the IDs minted so far. */
  owners721: Map<string, Map<bigint, string>>;
  minted721: Map<string, bigint[]>;
  /** ERC-1155: token → `${id}|${holder}` → amount; and holder entries with a positive amount. */
  balances1155: Map<string, Map<string, bigint>>;
  holders1155: Map<string, PickSet>;
  /** Addresses whose native balance changed in the current block. */
  touchedNative: Set<string>;
  /** `${token}|${holder}` pairs whose ERC-20 balance changed in the current block. */
  touchedErc20: Set<string>;
  /** `${token}|${id}|${holder}` whose ERC-1155 balance changed in the current block. */
  touched1155: Set<string>;
  /** Contract addresses (never picked as EOA senders). */
  contracts: Set<string>;
  seed: number;
  /** L1s are generated from genesis: accounts start with nonce 0. */
  fromGenesis: boolean;
};

/**
 * Opening native balance of a pool account: 0.5 to 5,000 tokens, log-uniform, from a hash of the
 * address, so the L1 genesis allocation and the generator agree without sharing state.
 * @param seed chain seed
 * @param address the account
 * @param rich true for operators (deployers, relayers, liquidity providers)
 * @returns wei
 * @example openingBalance(seed, address, false)
 */
export function openingBalance(seed: number, address: string, rich: boolean): bigint {
  const h = mix32(seed, parseInt(address.slice(2, 10), 16));
  const milli = Math.floor(500 * Math.exp((h / 4294967296) * Math.log(10_000)));
  // Operators fund liquidity pools and relayers: 10 million tokens plus the same jitter.
  return (BigInt(milli) * ETHER) / 1000n + (rich ? 10_000_000n * ETHER : 0n);
}

/**
 * A fresh state.
 * @param pool accounts with opening balances (first entries are the rich operators)
 * @param rich number of operator accounts at the start of the pool
 * @param seed chain seed
 * @returns the state
 * @param fromGenesis true when the chain is generated from block 1 (nonces start at 0)
 * @example createChainState(pool, 8, seed, true)
 */
export function createChainState(pool: string[], rich: number, seed: number, fromGenesis: boolean): ChainState {
  const native = new Map<string, bigint>();
  pool.forEach((address, i) => {
    native.set(address, openingBalance(seed, address, i < rich));
  });
  return {
    pool,
    poolSet: new Set(pool),
    native,
    nonces: new Map(),
    erc20: new Map(),
    holders: new Map(),
    owners721: new Map(),
    minted721: new Map(),
    balances1155: new Map(),
    holders1155: new Map(),
    touchedNative: new Set(),
    touchedErc20: new Set(),
    touched1155: new Set(),
    contracts: new Set(),
    seed,
    fromGenesis,
  };
}

/**
 * The next nonce of an account: 0 on chains generated from genesis, else a stable function of the
 * address standing for its history before the generated range.
 * @param state chain state
 * @param address the account
 * @returns nonce of its next transaction
 * @example createAddress(deployer, currentNonce(state, deployer))
 */
export function currentNonce(state: ChainState, address: string): bigint {
  return state.nonces.get(address) ?? (state.fromGenesis ? 0n : BigInt(parseInt(address.slice(2, 6), 16) % 300));
}

/**
 * Adds an item to a pick set (no-op when present).
 * @param set the set
 * @param item value
 * @returns nothing
 * @example pickSetAdd(set, holder)
 */
export function pickSetAdd(set: PickSet, item: string): void {
  if (set.index.has(item)) return;
  set.index.set(item, set.items.length);
  set.items.push(item);
}

/**
 * Removes an item from a pick set (no-op when absent).
 * @param set the set
 * @param item value
 * @returns nothing
 * @example pickSetRemove(set, holder)
 */
export function pickSetRemove(set: PickSet, item: string): void {
  const at = set.index.get(item);
  if (at === undefined) return;
  const last = set.items.pop()!;
  set.index.delete(item);
  if (last !== item) {
    set.items[at] = last;
    set.index.set(last, at);
  }
}

/**
 * A (lazily created) pick set of a map.
 * @param map sets by token
 * @param token token address
 * @returns the set
 * @example pickSetOf(state.holders, token)
 */
export function pickSetOf(map: Map<string, PickSet>, token: string): PickSet {
  let set = map.get(token);
  if (!set) {
    set = { items: [], index: new Map() };
    map.set(token, set);
  }
  return set;
}

/**
 * Moves native value; the zero-value case still marks nothing.
 * @param state chain state
 * @param from payer
 * @param to payee (null burns)
 * @param value wei
 * @returns nothing
 * @example moveNative(state, a, b, 10n ** 18n)
 */
export function moveNative(state: ChainState, from: string, to: string | null, value: bigint): void {
  if (value === 0n) return;
  state.native.set(from, (state.native.get(from) ?? 0n) - value);
  state.touchedNative.add(from);
  if (to !== null) {
    state.native.set(to, (state.native.get(to) ?? 0n) + value);
    state.touchedNative.add(to);
  }
}

/**
 * ERC-20 balance of a holder.
 * @param state chain state
 * @param token token address
 * @param holder holder address
 * @returns smallest units
 * @example erc20Balance(state, usdc, user)
 */
export function erc20Balance(state: ChainState, token: string, holder: string): bigint {
  return state.erc20.get(token)?.get(holder) ?? 0n;
}

/**
 * Moves ERC-20 units; the zero address mints or burns.
 * @param state chain state
 * @param token token address
 * @param from sender (zero address to mint)
 * @param to recipient (zero address to burn)
 * @param value units
 * @param zero the zero address
 * @returns nothing
 * @example moveErc20(state, usdc, ZERO_ADDRESS, user, 10n ** 6n, ZERO_ADDRESS)
 */
export function moveErc20(
  state: ChainState,
  token: string,
  from: string,
  to: string,
  value: bigint,
  zero: string,
): void {
  let balances = state.erc20.get(token);
  if (!balances) {
    balances = new Map();
    state.erc20.set(token, balances);
  }
  const holders = pickSetOf(state.holders, token);
  for (const [address, delta] of [
    [from, -value],
    [to, value],
  ] as const) {
    if (address === zero) continue;
    const next = (balances.get(address) ?? 0n) + delta;
    balances.set(address, next);
    state.touchedErc20.add(`${token}|${address}`);
    if (state.contracts.has(address)) continue;
    if (next > 0n) pickSetAdd(holders, address);
    else pickSetRemove(holders, address);
  }
}
