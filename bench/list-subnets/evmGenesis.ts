import { fakeId } from './fakeId';

/** A genesis as submitted in a CreateChainTx of subnet-evm (the JSON stored in blockchain.genesis_data). */
export type EvmGenesis = Record<string, unknown>;

/** Byte code of a small predeployed contract (a proxy), as genesis files often carry; length drives the JSON size. */
const proxyCode = `0x${'608060405260043610601f5760003560e01c80635c60da1b14603157602b565b36602b576029605f565b005b6029605f565b3480'.repeat(5)}`;

/**
 * A realistic subnet-evm genesis of about 2 KB: chain config with fee config, warp and some
 * allow-list precompiles, a few funded accounts, a predeployed contract, and the root fields.
 * Which precompiles and how many accounts depend on `index`, so sizes vary a little (1.7-2.4 KB).
 *
 * @param label unique text the addresses are derived from
 * @param index varies the shape
 * @param chainId the EVM chain ID
 * @param timestamp creation time, seconds
 * @returns the genesis object
 * @example JSON.stringify(evmGenesis('mainnet/chain/1', 1, 100001, 1_650_000_000)).length // ~2000
 */
export function evmGenesis(label: string, index: number, chainId: number, timestamp: number): EvmGenesis {
  const address = (n: number) => fakeId('evmAddress', `${label}/${n}`);
  const admins = [address(0), address(1)];
  const config: Record<string, unknown> = {
    chainId,
    homesteadBlock: 0,
    eip150Block: 0,
    eip150Hash: '0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0',
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 0,
    constantinopleBlock: 0,
    petersburgBlock: 0,
    istanbulBlock: 0,
    muirGlacierBlock: 0,
    subnetEVMTimestamp: 0,
    feeConfig: {
      gasLimit: 15_000_000 + (index % 5) * 1_000_000,
      targetBlockRate: 2,
      minBaseFee: 25_000_000_000,
      targetGas: 20_000_000,
      baseFeeChangeDenominator: 36,
      minBlockGasCost: 0,
      maxBlockGasCost: 1_000_000,
      blockGasCostStep: 200_000,
    },
    allowFeeRecipients: index % 4 === 0,
    warpConfig: { blockTimestamp: timestamp, quorumNumerator: 67 },
  };
  if (index % 2 === 0) config.contractNativeMinterConfig = { blockTimestamp: 0, adminAddresses: admins };
  if (index % 3 === 0)
    config.txAllowListConfig = { blockTimestamp: 0, adminAddresses: admins, enabledAddresses: [address(2)] };
  if (index % 5 === 0) config.feeManagerConfig = { blockTimestamp: 0, adminAddresses: [admins[0]] };

  const alloc: Record<string, unknown> = {};
  for (let n = 0; n < 3 + (index % 3); n++) {
    alloc[address(n).slice(2)] = { balance: `0x${(BigInt(n + 1) * 10n ** 24n + BigInt(index)).toString(16)}` };
  }
  alloc[address(99).slice(2)] = {
    balance: '0x0',
    code: proxyCode,
    storage: {
      '0x0000000000000000000000000000000000000000000000000000000000000000': `0x${'0'.repeat(24)}${admins[0]!.slice(2)}`,
    },
  };

  return {
    config,
    alloc,
    nonce: '0x0',
    timestamp: `0x${timestamp.toString(16)}`,
    extraData: '0x',
    gasLimit: `0x${(config.feeConfig as { gasLimit: number }).gasLimit.toString(16)}`,
    difficulty: '0x0',
    mixHash: `0x${'0'.repeat(64)}`,
    coinbase: `0x${'0'.repeat(40)}`,
    number: '0x0',
    gasUsed: '0x0',
    parentHash: `0x${'0'.repeat(64)}`,
    airdropHash: `0x${'0'.repeat(64)}`,
    airdropAmount: null,
    baseFeePerGas: null,
  };
}
