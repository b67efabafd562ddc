// Bech32 (BIP-173, the original checksum constant 1, not bech32m) as Avalanche uses it for
// P-/X-Chain addresses: `avax1...` on mainnet, `fuji1...` on Fuji, over a 20-byte short ID.

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i]!;
  }
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) >>> 5);
  out.push(0);
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) & 31);
  return out;
}

function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (let i = 0; i < data.length; i++) {
    const value = data[i]!;
    if (value < 0 || value >> from !== 0) throw new Error('invalid data for bit conversion');
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) {
    throw new Error('invalid padding');
  }
  return out;
}

/**
 * Bech32-encodes bytes under a human-readable prefix.
 * @param hrp prefix, e.g. `avax`
 * @param bytes payload, e.g. a 20-byte short address
 * @returns lower-case bech32 text
 * @example bech32Encode('avax', shortId) // 'avax1...'
 */
export function bech32Encode(hrp: string, bytes: Uint8Array): string {
  const words = convertBits(bytes, 8, 5, true);
  const checksumInput = [...hrpExpand(hrp), ...words, 0, 0, 0, 0, 0, 0];
  const mod = polymod(checksumInput) ^ 1;
  let out = `${hrp}1`;
  for (const word of words) out += CHARSET[word];
  for (let i = 0; i < 6; i++) out += CHARSET[(mod >>> (5 * (5 - i))) & 31];
  return out;
}

/**
 * Decodes bech32 text and checks its checksum.
 * @param text bech32 text (one case only)
 * @returns the prefix and the payload bytes
 * @throws Error on mixed case, a bad character, a bad checksum or bad padding
 * @example bech32Decode('avax1...') // { hrp: 'avax', bytes: Uint8Array(20) }
 */
export function bech32Decode(text: string): { hrp: string; bytes: Uint8Array } {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) throw new Error('mixed-case bech32');
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) throw new Error('invalid bech32 separator position');
  const hrp = lower.slice(0, sep);
  const data: number[] = [];
  for (const char of lower.slice(sep + 1)) {
    const value = CHARSET.indexOf(char);
    if (value < 0) throw new Error(`invalid bech32 character '${char}'`);
    data.push(value);
  }
  if (polymod([...hrpExpand(hrp), ...data]) !== 1) throw new Error('invalid bech32 checksum');
  return { hrp, bytes: Uint8Array.from(convertBits(data.slice(0, -6), 5, 8, false)) };
}
