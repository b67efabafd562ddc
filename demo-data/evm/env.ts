// What transaction builders see of a chain while it is generated, and small helpers they share
// (account picking, amounts, calldata, deployments).
import { concatBytes, fromHex } from '../../avalanche/bytes';
import type { Random } from '../random';
import { createAddress } from '../../avalanche/createAddress';
import { calldata } from './abi';
import type { EvmChainSpec } from './chains';
import type { ChainContracts } from './contracts';
import type { BlockContext, TxDraft } from './draft';
import { currentNonce, type ChainState } from './state';
import { mix32 } from './timeline';

/** A chain being generated. */
export type ChainEnv = {
  spec: EvmChainSpec;
  contracts: ChainContracts;
  state: ChainState;
  rng: Random;
  /** Users (the pool without operators). */
  users: string[];
};

/**
 * A user, skewed so low indexes (the showcase user first) send far more than the rest.
 * @param env chain
 * @returns address
 * @example const from = pickUser(env)
 */
export function pickUser(env: ChainEnv): string {
  return env.users[Math.floor(env.users.length * env.rng.float() ** 2.2)]!;
}

/**
 * A recipient: usually a pool user, sometimes an address never seen before.
 * @param env chain
 * @returns address
 * @example const to = pickRecipient(env)
 */
export function pickRecipient(env: ChainEnv): string {
  // First-time recipients come from a large but bounded pool, so state stays bounded at any scale.
  if (env.rng.chance(0.08)) return freshAddress(env.state.seed, env.rng.int(0, FRESH_POOL - 1));
  return env.users[Math.floor(env.users.length * env.rng.float() ** 1.3)]!;
}

/** Size of the pool of addresses that appear only as recipients. */
const FRESH_POOL = 100_000;

/**
 * The `index`-th address that only ever receives (hash-derived, no opening balance).
 * @param seed chain seed
 * @param index position in the pool
 * @returns lower-case address
 * @example freshAddress(seed, 42)
 */
export function freshAddress(seed: number, index: number): string {
  let out = '0x';
  for (let k = 0; k < 5; k++)
    out += mix32(seed ^ 0x7f4a7c15, index * 5 + k)
      .toString(16)
      .padStart(8, '0');
  return out;
}

/**
 * A round-ish amount of whole units between `min` and `max` (log-uniform), in smallest units.
 * @param rng random stream
 * @param decimals token decimals
 * @param min smallest whole amount
 * @param max largest whole amount
 * @returns amount
 * @example amountOf(rng, 6, 1, 10_000)
 */
export function amountOf(rng: Random, decimals: number, min: number, max: number): bigint {
  const whole = min * Math.exp(rng.float() * Math.log(max / min));
  const cents = BigInt(Math.max(1, Math.floor(whole * 100)));
  return (cents * 10n ** BigInt(decimals)) / 100n;
}

/**
 * Bytecode-looking creation input: the solc preamble then random bytes.
 * @param rng random stream
 * @param size approximate size in bytes
 * @returns input bytes
 * @example creationCode(rng, 800)
 */
export function creationCode(rng: Random, size: number): Uint8Array {
  return concatBytes(fromHex('608060405234801561001057600080fd5b50'), rng.bytes(size));
}

/**
 * A contract-creation draft from an EOA: the address follows from the sender's nonce.
 * @param block block context
 * @param env chain
 * @param deployer sender
 * @param row builds the EvmContract row for the new address
 * @param extra more effects (e.g. a mint of the initial supply)
 * @returns the draft
 * @example deployDraft(block, env, env.contracts.operators.deployer, (a) => contractRow(chainId, a))
 */
export function deployDraft(
  block: BlockContext,
  env: ChainEnv,
  deployer: string,
  row: (address: string) => import('../../prisma/write').RowOf<'EvmContract'>,
  extra: (address: string) => Partial<TxDraft> = () => ({}),
): { draft: TxDraft; address: string } {
  const address = createAddress(deployer, currentNonce(block.state, deployer));
  const draft: TxDraft = {
    from: deployer,
    to: null,
    value: 0n,
    input: creationCode(env.rng, env.rng.int(300, 2400)),
    gasUsed: BigInt(env.rng.int(600_000, 2_400_000)),
    status: 1,
    logs: [],
    internals: [],
    contractAddress: address,
    contracts: [{ ...row(address), deployerAddress: deployer }],
    ...extra(address),
  };
  return { draft, address };
}

/**
 * A plain call draft with calldata.
 * @param from sender
 * @param to contract
 * @param signature function signature
 * @param args static arguments
 * @param gasUsed gas used
 * @param value native value
 * @returns the draft, without logs and frames
 * @example callDraft(user, token, SIGNATURES.approve, [router, max], 46_000n)
 */
export function callDraft(
  from: string,
  to: string,
  signature: string,
  args: (string | bigint | number)[],
  gasUsed: bigint,
  value = 0n,
): TxDraft {
  return { from, to, value, input: calldata(signature, args), gasUsed, status: 1, logs: [], internals: [] };
}
