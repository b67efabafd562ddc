// Deterministic accounts of the demo world: P-/X-Chain addresses (bech32 over 20-byte short IDs)
// and EVM addresses. The "showcase" accounts are documented so a person exploring the demo knows
// where to look: they own UTXOs of every balance category and are the most active EVM senders.
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32Encode } from '../avalanche/bech32';
import { toHex } from '../avalanche/bytes';
import { NETWORKS, type NetworkName } from './constants';

/** A P-/X-Chain address: its 20 bytes and its bech32 text without chain prefix. */
export type PAddress = { bytes: Uint8Array; text: string };

const encoder = new TextEncoder();

/**
 * The `index`-th address of a named pool.
 * @param network network (decides the bech32 prefix)
 * @param pool pool name, e.g. `staker`, `delegator`, `subnet-owner`
 * @param index position in the pool
 * @returns bytes and `avax1...` / `fuji1...` text
 * @example pAddress('mainnet', 'delegator', 0).text // 'avax1...'
 */
export function pAddress(network: NetworkName, pool: string, index: number): PAddress {
  const bytes = sha256(encoder.encode(`avalanche-demo-data/${network}/p-address/${pool}/${index}`)).subarray(0, 20);
  return { bytes, text: bech32Encode(NETWORKS[network].hrp, bytes) };
}

/**
 * The `index`-th EVM address of a named pool, lower-case.
 * @param pool pool name, e.g. `user`, `deployer`
 * @param index position in the pool
 * @returns `0x` + 40 hex digits
 * @example evmAddress('user', 0)
 */
export function evmAddress(pool: string, index: number): string {
  return `0x${toHex(sha256(encoder.encode(`avalanche-demo-data/evm-address/${pool}/${index}`)).subarray(0, 20))}`;
}

/** Showcase P-/X-Chain address of a network: holds UTXOs of every balance category of spec 2.6. */
export const SHOWCASE_P_ADDRESS: Record<NetworkName, string> = {
  mainnet: pAddress('mainnet', 'delegator', 0).text,
  fuji: pAddress('fuji', 'delegator', 0).text,
};

/** Showcase EVM address: the busiest sender on every demo EVM chain, holding every token kind. */
export const SHOWCASE_EVM_ADDRESS = evmAddress('user', 0);
