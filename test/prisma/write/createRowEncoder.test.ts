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
      tokenAddress: '0x7e',
      from: '0xf0',
      to: '0x00',
      value: new Prisma.Decimal('123456789012345678901234567890'),
      tokenId: null,
    });
    expect(JSON.parse(json)).toEqual({
      chain_id: '43114',
      tx_hash: '\\xaa',
      log_index: 3,
      block_number: '9007199254740993',
      erc_type: 'ERC-20',
      token_address: '\\x7e',
      from_address: '\\xf0',
      to_address: '\\x00',
      value: '123456789012345678901234567890',
      token_id: null,
    });
  });

  test('bytes (0x hex in rows) as \\x hex, arrays of values, JSON values as JSON', () => {
    const tx = createRowEncoder('EvmTransaction').encode({
      chainId: 1n,
      txHash: '0x01',
      blockNumber: 1n,
      blockIndex: 0,
      from: '0x0A',
      value: '0',
      gasLimit: '1',
      gasUsed: '1',
      gasPrice: '1',
      nonce: 0n,
      txType: 2,
      status: 1,
      input: '0xa9059cbb',
    });
    expect(JSON.parse(tx.json)).toMatchObject({ input: '\\xa9059cbb', tx_hash: '\\x01', from_address: '\\x0A' });
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
    const full = encoder.encode({ methodHash: '0x01', methodName: 'a()' });
    const same = encoder.encode({ methodName: 'b()', methodHash: '0x02' });
    expect(same.mask).toBe(full.mask);
    expect(encoder.columnsOf(full.mask)).toEqual(['method_hash', 'method_name']);
    const contract = createRowEncoder('EvmContract');
    const bare = contract.encode({ chainId: 1n, address: '0x0c', name: undefined });
    expect(JSON.parse(bare.json)).toEqual({ chain_id: '1', address: '\\x0c' });
    expect(contract.columnsOf(bare.mask)).toEqual(['chain_id', 'address']);
  });

  test('error: unknown fields and enum values are refused with their names', () => {
    expect(() =>
      createRowEncoder('EvmMethodSignature').encode({ methodHash: '0x01', methodName: 'a()', extra: 1 } as never),
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

  test.each(['0x1', 'a9059cbb', '0xzz', ''])(
    'error: bytes that are not 0x hex of whole bytes (%j) are refused',
    (hash) => {
      expect(() => createRowEncoder('EvmMethodSignature').encode({ methodHash: hash, methodName: 'a()' })).toThrow(
        `EvmMethodSignature.methodHash: ${JSON.stringify(hash)} is not 0x hex of whole bytes`,
      );
    },
  );
});
