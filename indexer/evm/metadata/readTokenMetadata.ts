// A token contract's metadata by eth_call at a block: name, symbol, decimals (ERC-20), and ERC-165
// supportsInterface for ERC-721 / ERC-1155. Calls that revert or answer garbage leave the field empty.
import type { RpcClient } from '../../../shared/jsonRpc/createRpcClient';

/** What the calls found. */
export type TokenMetadata = {
  name: string;
  symbol: string;
  decimals: number | null;
  supports721: boolean;
  supports1155: boolean;
};

const NAME = '0x06fdde03';
const SYMBOL = '0x95d89b41';
const DECIMALS = '0x313ce567';
const SUPPORTS = (interfaceId: string) => `0x01ffc9a7${interfaceId.slice(2).padEnd(64, '0')}`;
const ERC721_INTERFACE = '0x80ac58cd';
const ERC1155_INTERFACE = '0xd9b67a26';

/**
 * Decodes an ABI `string` return value, or a `bytes32` one (older tokens); control characters and
 * NULs are dropped. Empty when it is neither.
 * @param hex the return data
 * @returns the text
 * @example abiText('0x...') // 'Wrapped AVAX'
 */
export function abiText(hex: unknown): string {
  if (typeof hex !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(hex)) return '';
  const data = Buffer.from(hex.slice(2), 'hex');
  let bytes: Buffer;
  if (data.length === 32) bytes = data;
  else if (data.length >= 64) {
    const offset = Number(BigInt(`0x${data.subarray(0, 32).toString('hex')}`));
    if (offset + 32 > data.length) return '';
    const length = Number(BigInt(`0x${data.subarray(offset, offset + 32).toString('hex')}`));
    if (offset + 32 + length > data.length) return '';
    bytes = data.subarray(offset + 32, offset + 32 + length);
  } else return '';
  return (
    bytes
      .toString('utf8')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it strips
      .replace(/[\u0000-\u001f\u007f\ufffd]/g, '')
      .trim()
  );
}

const wordValue = (hex: unknown): bigint | null =>
  typeof hex === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hex) ? BigInt(hex) : null;

/**
 * Reads the metadata of several token contracts in one batch.
 * @param rpc the node
 * @param addresses token contracts
 * @param blockTag block to read at (hex), e.g. the block the token first appears in
 * @returns metadata per address
 * @example const meta = await readTokenMetadata(rpc, ['0x…'], '0x10')
 */
export async function readTokenMetadata(
  rpc: RpcClient,
  addresses: readonly string[],
  blockTag: string,
): Promise<Map<string, TokenMetadata>> {
  const selectors = [NAME, SYMBOL, DECIMALS, SUPPORTS(ERC721_INTERFACE), SUPPORTS(ERC1155_INTERFACE)];
  const calls = addresses.flatMap((to) =>
    selectors.map((data) => ({ method: 'eth_call', params: [{ to, data }, blockTag] })),
  );
  const outcomes = await rpc.batch(calls);
  const result = new Map<string, TokenMetadata>();
  addresses.forEach((address, i) => {
    const value = (k: number) => {
      const o = outcomes[i * selectors.length + k]!;
      return o.ok ? o.result : undefined;
    };
    const decimals = wordValue(value(2));
    result.set(address, {
      name: abiText(value(0)).slice(0, 256),
      symbol: abiText(value(1)).slice(0, 64),
      decimals: decimals !== null && decimals <= 255n ? Number(decimals) : null,
      supports721: wordValue(value(3)) === 1n,
      supports1155: wordValue(value(4)) === 1n,
    });
  });
  return result;
}
