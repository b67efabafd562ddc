// The native balances an EVM chain starts with: its genesis `alloc` (geth, coreth and subnet-evm
// genesis JSON), `{"<address>": {"balance": "0x…" | "123…"}}`. An address funded there and idle
// since has no transaction to show it, so the indexer writes these as block 0's balances.
import { ServiceError } from '../../../shared/errors';

/** A genesis that cannot be read. */
export class GenesisAllocError extends ServiceError {
  override name = 'GenesisAllocError';
  readonly code = 'GENESIS_ALLOC';
}

/**
 * Reads the funded addresses of a genesis.
 * @param genesis the parsed genesis JSON (or a blockchain's stored genesis data)
 * @param what where it comes from, for messages
 * @returns lower-case 0x address → balance in wei, zero balances left out; empty when the genesis has no `alloc`
 * @throws GenesisAllocError when an address or a balance is not one
 * @example decodeGenesisAlloc({ alloc: { '8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC': { balance: '0x295BE96E64066972000000' } } }, 'genesis.json')
 */
export function decodeGenesisAlloc(genesis: unknown, what: string): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  const alloc = genesis && typeof genesis === 'object' ? (genesis as { alloc?: unknown }).alloc : undefined;
  if (alloc === undefined || alloc === null) return balances;
  if (typeof alloc !== 'object' || Array.isArray(alloc))
    throw new GenesisAllocError(`${what}: alloc is not an object of addresses`);
  for (const [key, account] of Object.entries(alloc)) {
    const address = `0x${key.replace(/^0x/i, '').toLowerCase()}`;
    if (!/^0x[0-9a-f]{40}$/.test(address))
      throw new GenesisAllocError(`${what}: alloc key ${JSON.stringify(key)} is not an address`);
    const balance = (account as { balance?: unknown } | null)?.balance;
    if (balance === undefined) continue; // code or storage only
    if (typeof balance !== 'string' || !/^(0x[0-9a-fA-F]+|\d+)$/.test(balance))
      throw new GenesisAllocError(
        `${what}: alloc ${key}.balance ${JSON.stringify(balance)} is not a hex or decimal amount`,
      );
    const wei = BigInt(balance);
    if (wei > 0n) balances.set(address, (balances.get(address) ?? 0n) + wei);
  }
  return balances;
}
