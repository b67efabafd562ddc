// A small, hand-made index for the node RPC's tests (no demo data, so files stay fast): one subnet-evm
// L1 indexed from block 1 with a fee manager, precompile upgrades, logs and balances, two validators,
// and the mainnet C-Chain indexed from block 100 (blocks below it are outside the index). Blocks
// carry the header members a node gives, except C-Chain block 101 (a row indexed before they were kept).
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { cb58Encode, nodeIdToString } from '../../avalanche/cb58';
import { PUBLIC_NETWORKS } from '../../avalanche/networks';
import { PRIMARY_NETWORK_ID } from '../../avalanche/constants';
import type { Database } from '../../prisma/database';

const id = (label: string) => cb58Encode(sha256(new TextEncoder().encode(label)));
const hash = (label: string) => `0x${Buffer.from(keccak_256(new TextEncoder().encode(label))).toString('hex')}`;
const word = (value: bigint) => value.toString(16).padStart(64, '0');

/** Facts of the fixture the tests refer to. */
export const MINI = {
  l1: {
    subnetId: id('mini/subnet'),
    blockchainId: id('mini/chain'),
    chainId: 99_999n,
    admin: '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc',
    genesisTime: 1_700_000_000,
    /** Block n has timestamp genesisTime + 10 n. */
    blocks: 6,
    /** A fee value above 2^53 (must come back as an exact JSON number). */
    bigMinBaseFee: 1_152_921_504_606_846_977n,
    /** The fee manager is disabled, then enabled again at these times (blocks 2 and 4). */
    feeManagerOff: 1_700_000_020,
    feeManagerOn: 1_700_000_040,
    /** setFeeConfig in block 5: FeeConfigChanged's new config. */
    changedFees: [30_000_000n, 3n, 7_000_000_000n, 60_000_000n, 40n, 1n, 2_000_000n, 100_000n],
    account: '0x1111111111111111111111111111111111111111',
    nodeIds: [
      nodeIdToString(sha256(new TextEncoder().encode('node/0')).subarray(0, 20)),
      nodeIdToString(sha256(new TextEncoder().encode('node/1')).subarray(0, 20)),
    ],
  },
  cChain: { blockchainId: PUBLIC_NETWORKS.MAINNET.chains['c-chain'], chainId: 43_114n, first: 100, last: 102 },
  blockHash: (chain: string, n: number) => hash(`${chain}/block/${n}`),
  /**
   * The header members stored with a block, as the node gave them: subnet-evm's on the L1, coreth's
   * on the C-Chain, none on C-Chain block 101 (a row indexed before they were kept).
   */
  headerOf: (chain: string, n: number): MiniHeader | null => {
    if (chain === PUBLIC_NETWORKS.MAINNET.chains['c-chain'] && n === 101) return null;
    const coreth = chain === PUBLIC_NETWORKS.MAINNET.chains['c-chain'];
    return {
      stateRoot: hash(`${chain}/state/${n}`),
      transactionsRoot: hash(`${chain}/transactions/${n}`),
      receiptsRoot: hash(`${chain}/receipts/${n}`),
      extraData: `0x${Buffer.concat([Buffer.alloc(coreth ? 24 : 80, n), Buffer.alloc(6)]).toString('hex')}`,
      size: 700n + BigInt(n),
      blockExtraData: coreth ? '0x' : null,
      extDataHash: coreth ? EMPTY_ROOT : null,
      extDataGasUsed: coreth ? 0n : null,
      blockGasCost: 0n,
      blobGasUsed: 0n,
      excessBlobGas: 0n,
      parentBeaconBlockRoot: `0x${'00'.repeat(32)}`,
      timestampMilliseconds: BigInt(MINI.l1.genesisTime + 10 * n) * 1000n + 250n,
      minDelayExcess: 6_516_490n,
    };
  },
  txHash: (chain: string, n: number, i: number) => hash(`${chain}/tx/${n}/${i}`),
};

/** A block's header members (evm_block's nullable columns), or null for a row without them. */
export type MiniHeader = {
  stateRoot: string;
  transactionsRoot: string;
  receiptsRoot: string;
  /** 0x hex, as rows carry bytes. */
  extraData: string;
  size: bigint;
  blockExtraData: string | null;
  extDataHash: string | null;
  extDataGasUsed: bigint | null;
  blockGasCost: bigint;
  blobGasUsed: bigint;
  excessBlobGas: bigint;
  parentBeaconBlockRoot: string;
  timestampMilliseconds: bigint;
  minDelayExcess: bigint;
};

const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const HEADER_COLUMNS = [
  'state_root',
  'transactions_root',
  'receipts_root',
  'extra_data',
  'size',
  'block_extra_data',
  'ext_data_hash',
  'ext_data_gas_used',
  'block_gas_cost',
  'blob_gas_used',
  'excess_blob_gas',
  'parent_beacon_block_root',
  'timestamp_milliseconds',
  'min_delay_excess',
];
const headerValues = (h: MiniHeader | null): unknown[] =>
  h === null
    ? HEADER_COLUMNS.map(() => null)
    : [
        h.stateRoot,
        h.transactionsRoot,
        h.receiptsRoot,
        h.extraData,
        h.size.toString(),
        h.blockExtraData,
        h.extDataHash,
        h.extDataGasUsed?.toString() ?? null,
        h.blockGasCost.toString(),
        h.blobGasUsed.toString(),
        h.excessBlobGas.toString(),
        h.parentBeaconBlockRoot,
        h.timestampMilliseconds.toString(),
        h.minDelayExcess.toString(),
      ];

/** keccak of FeeConfigChanged's signature. */
const FEE_CONFIG_CHANGED = hash(
  'FeeConfigChanged(address,(uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256),(uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256))',
);
const TRANSFER = hash('Transfer(address,address,uint256)');

/**
 * Writes the fixture.
 * @param db a fresh, migrated database
 * @returns nothing
 * @example beforeAll(async () => { db = await setupTestDatabase(); await insertMiniChains(db) })
 */
export async function insertMiniChains(db: Database): Promise<void> {
  const { l1, cChain } = MINI;
  const fees = {
    gasLimit: 8_000_000,
    targetBlockRate: 2,
    minBaseFee: '__BIG__',
    targetGas: 15_000_000,
    baseFeeChangeDenominator: 36,
    minBlockGasCost: 0,
    maxBlockGasCost: 1_000_000,
    blockGasCostStep: 200_000,
  };
  const genesis = {
    config: {
      chainId: Number(l1.chainId),
      homesteadBlock: 0,
      eip150Block: 0,
      eip155Block: 0,
      eip158Block: 0,
      byzantiumBlock: 0,
      constantinopleBlock: 0,
      petersburgBlock: 0,
      istanbulBlock: 0,
      muirGlacierBlock: 0,
      subnetEVMTimestamp: 0,
      feeConfig: fees,
      allowFeeRecipients: true,
      feeManagerConfig: {
        blockTimestamp: 0,
        adminAddresses: [l1.admin.toUpperCase().replace('0X', '0x')],
        managerAddresses: [],
        enabledAddresses: [],
      },
      contractNativeMinterConfig: {
        blockTimestamp: 0,
        adminAddresses: [l1.admin],
        initialMint: { [l1.admin]: '1000' },
      },
      warpConfig: { blockTimestamp: l1.genesisTime, quorumNumerator: 0 },
    },
    alloc: {},
    timestamp: `0x${l1.genesisTime.toString(16)}`,
    gasLimit: '0x7a1200',
    number: '0x0',
  };
  const genesisText = JSON.stringify(genesis).replace('"__BIG__"', l1.bigMinBaseFee.toString());
  await db.query(
    `INSERT INTO subnet (network, subnet_id, create_block_timestamp, create_block_index, owner_addresses, threshold, locktime, is_l1)
     VALUES ('mainnet', $1, 1, 1, '{}', 1, 0, true), ('mainnet', $2, 0, 0, '{}', 1, 0, false)`,
    [l1.subnetId, PRIMARY_NETWORK_ID],
  );
  await db.query(
    `INSERT INTO blockchain (network, blockchain_id, subnet_id, create_block_timestamp, create_block_number, vm_id, blockchain_name, evm_chain_id, genesis_data)
     VALUES ('mainnet', $1, $2, 1, 1, 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy', 'mini', $3, $4::jsonb),
            ('mainnet', $5, $6, 0, 0, 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6', 'C-Chain', 43114, NULL)`,
    [l1.blockchainId, l1.subnetId, l1.chainId.toString(), genesisText, cChain.blockchainId, PRIMARY_NETWORK_ID],
  );
  await db.query(
    `INSERT INTO precompile_upgrade (network, blockchain_id, position, precompile_name, block_timestamp, disable, config) VALUES
     ('mainnet', $1, 0, 'feeManagerConfig', $2, true, $3::jsonb), ('mainnet', $1, 1, 'feeManagerConfig', $4, false, $5::jsonb)`,
    [
      l1.blockchainId,
      l1.feeManagerOff,
      JSON.stringify({ blockTimestamp: l1.feeManagerOff, disable: true }),
      l1.feeManagerOn,
      JSON.stringify({
        blockTimestamp: l1.feeManagerOn,
        adminAddresses: [l1.admin],
        initialFeeConfig: { ...fees, minBaseFee: 5_000_000_000 },
      }),
    ],
  );
  await db.query(
    `INSERT INTO evm_chain (chain_id, network, blockchain_id, chain_name, native_token_name, native_token_symbol, native_token_decimals)
     VALUES ($1, 'mainnet', $2, 'Mini', 'Mini', 'MINI', 18), (43114, 'mainnet', $3, 'C-Chain', 'Avalanche', 'AVAX', 18)`,
    [l1.chainId.toString(), l1.blockchainId, cChain.blockchainId],
  );
  const chains: [string, bigint, number, number][] = [
    [l1.blockchainId, l1.chainId, 1, l1.blocks],
    [cChain.blockchainId, cChain.chainId, cChain.first, cChain.last],
  ];
  for (const [blockchainId, chainId, first, last] of chains) {
    for (let n = first; n <= last; n++) {
      const transactions = n % 2 === 0 ? 2 : 1;
      await db.query(
        `INSERT INTO evm_block (chain_id, number, hash, parent_hash, timestamp, gas_limit, gas_used, base_fee_per_gas, tx_count, miner, ${HEADER_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, $4, $5, 8000000, $6, 25000000000, $7, '\\x0100000000000000000000000000000000000000', ${HEADER_COLUMNS.map((_, i) => `$${i + 8}`).join(', ')})`,
        [
          chainId.toString(),
          n,
          MINI.blockHash(blockchainId, n),
          MINI.blockHash(blockchainId, n - 1),
          l1.genesisTime + 10 * n,
          21_000 * transactions,
          transactions,
          ...headerValues(MINI.headerOf(blockchainId, n)),
        ],
      );
      for (let i = 0; i < transactions; i++) {
        await db.query(
          `INSERT INTO evm_transaction (chain_id, tx_hash, block_number, block_index, from_address, to_address, value, gas_limit, gas_used, gas_price,
             max_fee_per_gas, max_priority_fee_per_gas, nonce, tx_type, status, input, sig_v, sig_r, sig_s)
           VALUES ($1, $2, $3, $4, $5, $6, 1000, 30000, 21000, 25000000000, 50000000000, 0, $7, 2, 1, '\\x', 1, '0x1', '0x2')`,
          [chainId.toString(), MINI.txHash(blockchainId, n, i), n, i, l1.account, l1.admin, n * 2 + i],
        );
        await db.query(
          `INSERT INTO evm_log (chain_id, block_number, log_index, tx_hash, tx_index, address, topic0, topic1, topic2, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            chainId.toString(),
            n,
            i,
            MINI.txHash(blockchainId, n, i),
            i,
            l1.admin,
            TRANSFER,
            `0x${word(BigInt(l1.account))}`,
            `0x${word(BigInt(l1.admin))}`,
            Buffer.from(word(1000n), 'hex'),
          ],
        );
      }
    }
  }
  // setFeeConfig in block 5 (second log of its first transaction).
  const oldFees = [8_000_000n, 2n, 5_000_000_000n, 15_000_000n, 36n, 0n, 1_000_000n, 200_000n];
  await db.query(
    `INSERT INTO evm_log (chain_id, block_number, log_index, tx_hash, tx_index, address, topic0, topic1, data) VALUES ($1, 5, 1, $2, 0, $3, $4, $5, $6)`,
    [
      l1.chainId.toString(),
      MINI.txHash(l1.blockchainId, 5, 0),
      '0x0200000000000000000000000000000000000003',
      FEE_CONFIG_CHANGED,
      `0x${word(BigInt(l1.admin))}`,
      Buffer.from([...oldFees, ...l1.changedFees].map(word).join(''), 'hex'),
    ],
  );
  await db.query(
    `INSERT INTO native_balance_change (chain_id, address, block_number, balance) VALUES ($1, $2, 0, 5000), ($1, $2, 3, 4000), (43114, $2, 101, 777)`,
    [l1.chainId.toString(), l1.account],
  );
  await db.query(
    `INSERT INTO validator (network, tx_hash, validation_id, node_id, subnet_id, is_l1_validator, amount_staked, weight, start_timestamp, end_timestamp, block_index,
       uptime_seconds, uptime_percentage, is_connected, is_active, removed_timestamp)
     VALUES ('mainnet', $1, $1, $3, $5, true, 0, 20, 1000, NULL, 1, 86400, 99.5, true, true, NULL),
            ('mainnet', $2, $2, $4, $5, true, 0, 9007199254740993, 1000, NULL, 2, 3600, 50.25, false, false, NULL),
            ('mainnet', $6, $6, $4, $5, true, 0, 5, 1000, NULL, 3, 0, 0, false, true, 1500)`,
    [
      id('mini/validation/0'),
      id('mini/validation/1'),
      l1.nodeIds[0],
      l1.nodeIds[1],
      l1.subnetId,
      id('mini/validation/removed'),
    ],
  );
}
