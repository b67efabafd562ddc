/** Key of an EVM row: values are unique per chain only. */
export type ChainKey<Id extends string, Value = string> = { chainId: bigint } & Record<Id, Value>;

/**
 * The Prisma `where` matching any of `keys` with one query: an `id IN (...)` per chain.
 * @param keys loader keys
 * @param id the key's field (and the model's)
 * @param toValue converts a key value for Prisma (e.g. token IDs to text)
 * @returns `{ OR: [{ chainId, [id]: { in } }] }`
 * @example whereChainKeys([{ chainId: 43114n, address: '0x…' }], 'address') // { OR: [{ chainId: 43114n, address: { in: ['0x…'] } }] }
 */
export function whereChainKeys<Id extends string, Value>(
  keys: ReadonlyArray<ChainKey<Id, Value>>,
  id: Id,
  toValue: (value: Value) => unknown = (value) => value,
) {
  const byChain = new Map<bigint, unknown[]>();
  for (const key of keys) byChain.set(key.chainId, [...(byChain.get(key.chainId) ?? []), toValue(key[id])]);
  return { OR: [...byChain].map(([chainId, values]) => ({ chainId, [id]: { in: values } })) };
}

/**
 * The text identity of a chain-scoped key or row, for putting rows back in key order.
 * @example chainKeyId({ chainId: 43114n, address: '0xab' }, 'address') // '43114:0xab'
 */
export function chainKeyId(key: { chainId: bigint } & Record<string, unknown>, id: string): string {
  return `${key.chainId}:${String(key[id])}`;
}
