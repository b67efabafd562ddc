import { Prisma } from '../../../prisma/generated/client';
import { createRowEncoder } from '../../../prisma/write/createRowEncoder';

describe('createRowEncoder()', () => {
  test('column names from @map, enums as stored, bigint and Decimal as exact strings', () => {
    const encoder = createRowEncoder('EvmTokenTransfer');
    const { json } = encoder.encode({
      chainId: 43114n,
      txHash: '0xaa',
      logIndex: 3,
      blockNumber: 9_007_199_254_740_993n,
      ercType: 'ERC20',
      tokenAddress: '0xt',
      from: '0xf',
      to: '0x0',
      value: new Prisma.Decimal('123456789012345678901234567890'),
      tokenId: null,
    });
    expect(JSON.parse(json)).toEqual({
      chain_id: '43114',
      tx_hash: '0xaa',
      log_index: 3,
      block_number: '9007199254740993',
      erc_type: 'ERC-20',
      token_address: '0xt',
      from_address: '0xf',
      to_address: '0x0',
      value: '123456789012345678901234567890',
      token_id: null,
    });
  });

  test('bytes as \\x hex, arrays of values, JSON values as JSON', () => {
    const tx = createRowEncoder('EvmTransaction').encode({
      chainId: 1n,
      txHash: '0x1',
      blockNumber: 1n,
      blockIndex: 0,
      from: '0xa',
      value: '0',
      gasLimit: '1',
      gasUsed: '1',
      gasPrice: '1',
      nonce: 0n,
      txType: 2,
      status: 1,
      input: new Uint8Array([0xa9, 0x05, 0x9c, 0xbb]),
    });
    expect(JSON.parse(tx.json).input).toBe('\\xa9059cbb');
    const subnet = createRowEncoder('Subnet').encode({
      network: 'FUJI',
      subnetId: 's',
      createBlockTimestamp: 1n,
      createBlockIndex: 2n,
      ownerAddresses: ['fuji1a', 'fuji1b'],
      threshold: 1,
      locktime: 0n,
    });
    expect(JSON.parse(subnet.json)).toMatchObject({ network: 'fuji', owner_addresses: ['fuji1a', 'fuji1b'] });
    const upgrade = createRowEncoder('PrecompileUpgrade').encode({
      network: 'MAINNET',
      blockchainId: 'b',
      position: 0,
      precompileName: 'feeManagerConfig',
      blockTimestamp: 5n,
      config: { adminAddresses: ['0x1'] },
    });
    expect(JSON.parse(upgrade.json).config).toEqual({ adminAddresses: ['0x1'] });
  });

  test('undefined fields are left out (their column default applies); rows setting other fields get another mask', () => {
    const encoder = createRowEncoder('EvmMethodSignature');
    const full = encoder.encode({ methodHash: '0x1', methodName: 'a()' });
    const same = encoder.encode({ methodName: 'b()', methodHash: '0x2' });
    expect(same.mask).toBe(full.mask);
    expect(encoder.columnsOf(full.mask)).toEqual(['method_hash', 'method_name']);
    const contract = createRowEncoder('EvmContract');
    const bare = contract.encode({ chainId: 1n, address: '0xc', name: undefined });
    expect(JSON.parse(bare.json)).toEqual({ chain_id: '1', address: '0xc' });
    expect(contract.columnsOf(bare.mask)).toEqual(['chain_id', 'address']);
  });

  test('error: unknown fields and enum values are refused with their names', () => {
    expect(() =>
      createRowEncoder('EvmMethodSignature').encode({ methodHash: '0x1', methodName: 'a()', extra: 1 } as never),
    ).toThrow('EvmMethodSignature has no field extra');
    expect(() =>
      createRowEncoder('Asset').encode({
        network: 'DEVNET',
        assetId: 'a',
        name: 'n',
        symbol: 's',
        denomination: 9,
        type: 'NFT',
      } as never),
    ).toThrow('Asset.network: DEVNET is not a value of enum Network');
  });
});
