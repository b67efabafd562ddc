import { createAddress } from '../../avalanche/createAddress';
import { create2Address, keccakHex, selector } from '../../demo-data/evm/abi';
import { fromHex } from '../../avalanche/bytes';

describe('evm/abi', () => {
  test('selector() is the first 4 bytes of keccak of the signature', () => {
    expect(selector('transfer(address,uint256)')).toBe('0xa9059cbb');
    expect(selector('approve(address,uint256)')).toBe('0x095ea7b3');
    expect(selector('deposit()')).toBe('0xd0e30db0');
  });

  test('createAddress() follows keccak(rlp([sender, nonce]))', () => {
    expect(createAddress('0x6ac7ea33f8831ea9dcc53393aaa88b25a785dbf0', 0n)).toBe(
      '0xcd234a471b72ba2f1ccf0a70fcaba648a5eecd8d',
    );
    expect(createAddress('0x6ac7ea33f8831ea9dcc53393aaa88b25a785dbf0', 1n)).toBe(
      '0x343c43a37d37dff08ae8c4a11544c718abb4fcf8',
    );
  });

  test('create2Address() matches the EIP-1014 example 0', () => {
    expect(create2Address('0x0000000000000000000000000000000000000000', new Uint8Array(32), fromHex('00'))).toBe(
      '0x4d1a2e2bb4f88f0250f26ffff098b0b30b26bf38',
    );
  });

  test('keccakHex() of empty input', () => {
    expect(keccakHex(new Uint8Array())).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});
