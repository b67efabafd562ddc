/** Key of an EVM row: values are unique per chain only. */
export type ChainKey<Id extends string, Value = string> = { chainId: bigint } & Record<Id, Value>;

/**
 * The text identity of a chain-scoped key or row, for putting rows back in key order.
 * @example chainKeyId({ chainId: 43114n, address: '0xab' }, 'address') // '43114:0xab'
 */
export function chainKeyId(key: { chainId: bigint } & Record<string, unknown>, id: string): string {
  return `${key.chainId}:${String(key[id])}`;
}
