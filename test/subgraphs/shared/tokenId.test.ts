import { parseTokenId, TokenId } from '../../../subgraphs/shared/params/tokenId';

describe('TokenId (4.20 tokenId)', () => {
  it('reads decimal token IDs from 0 to 2^256-1, leading zeros allowed', () => {
    expect(parseTokenId('0')).toBe(0n);
    expect(parseTokenId('0042')).toBe(42n);
    expect(parseTokenId(7)).toBe(7n);
    expect(parseTokenId((2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n);
  });

  it.each(['', '-1', '1.5', '0x2a', 'abc', (2n ** 256n).toString(), '1'.repeat(81)])(
    'refuses %p with a "must" rule',
    (input) => {
      expect(() => parseTokenId(input)).toThrow(/^must be a token ID/);
    },
  );

  it('is a parameter scalar that serializes as decimal text', () => {
    expect(TokenId.parseValue('12')).toBe(12n);
    expect(TokenId.serialize(12n)).toBe('12');
    expect(() => TokenId.parseValue(true)).toThrow('must be a string');
  });
});
