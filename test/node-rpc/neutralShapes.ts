// One neutral shape for what the index holds and for what viem and ethers v6 parse, so the client
// tests compare like with like: numbers as bigint where a block number or amount, addresses in lower
// case, bytes as 0x hex, enums as the node's numbers (transaction type, receipt status).
import type {
  Block as EthersBlock,
  Log as EthersLog,
  TransactionReceipt as EthersReceipt,
  TransactionResponse as EthersTx,
} from 'ethers';
import {
  getContractAddress,
  type Block as ViemBlock,
  type Log as ViemLog,
  type Transaction as ViemTx,
  type TransactionReceipt as ViemReceipt,
} from 'viem';

const lower = (value: string | null | undefined) => (value == null ? null : value.toLowerCase());
const big = (value: string | bigint | number | null | undefined) => (value == null ? null : BigInt(value));

/** A block in the neutral shape. */
export type NeutralBlock = ReturnType<typeof blockFromRow>;

/**
 * An evm_block row (SELECT *) and its transaction hashes, in the neutral shape.
 * @example expect(blockFromViem(await client.getBlock({ blockNumber }))).toEqual(blockFromRow(row, hashes))
 */
export function blockFromRow(row: any, transactions: string[]) {
  return {
    number: big(row.number),
    hash: row.hash as string,
    parentHash: row.parent_hash as string,
    timestamp: big(row.timestamp),
    gasLimit: big(row.gas_limit),
    gasUsed: big(row.gas_used),
    baseFeePerGas: big(row.base_fee_per_gas),
    miner: lower(row.miner),
    stateRoot: row.state_root as string,
    transactionsRoot: row.transactions_root as string,
    receiptsRoot: row.receipts_root as string,
    extraData: row.extra_data,
    blobGasUsed: big(row.blob_gas_used),
    excessBlobGas: big(row.excess_blob_gas),
    parentBeaconBlockRoot: row.parent_beacon_block_root as string,
    transactions,
  };
}

/**
 * viem's parsed block (transaction hashes or objects) in the neutral shape.
 * @example blockFromViem(await client.getBlock({ blockNumber: 1n, includeTransactions: true }))
 */
export function blockFromViem(b: ViemBlock<bigint, boolean>): NeutralBlock {
  return {
    number: b.number,
    hash: b.hash!,
    parentHash: b.parentHash,
    timestamp: b.timestamp,
    gasLimit: b.gasLimit,
    gasUsed: b.gasUsed,
    baseFeePerGas: b.baseFeePerGas,
    miner: lower(b.miner),
    stateRoot: b.stateRoot,
    transactionsRoot: b.transactionsRoot,
    receiptsRoot: b.receiptsRoot,
    extraData: b.extraData,
    blobGasUsed: b.blobGasUsed,
    excessBlobGas: b.excessBlobGas,
    parentBeaconBlockRoot: b.parentBeaconBlockRoot!,
    transactions: (b.transactions as (string | ViemTx)[]).map((t) => (typeof t === 'string' ? t : t.hash)),
  };
}

/**
 * ethers' parsed block in the neutral shape.
 * @example blockFromEthers((await provider.getBlock(1, true))!)
 */
export function blockFromEthers(b: EthersBlock): NeutralBlock {
  return {
    number: BigInt(b.number),
    hash: b.hash!,
    parentHash: b.parentHash,
    timestamp: BigInt(b.timestamp),
    gasLimit: b.gasLimit,
    gasUsed: b.gasUsed,
    baseFeePerGas: b.baseFeePerGas,
    miner: lower(b.miner),
    stateRoot: b.stateRoot!,
    transactionsRoot: b.transactionsRoot!,
    receiptsRoot: b.receiptsRoot!,
    extraData: b.extraData,
    blobGasUsed: b.blobGasUsed,
    excessBlobGas: b.excessBlobGas,
    parentBeaconBlockRoot: b.parentBeaconBlockRoot!,
    transactions: [...b.transactions],
  };
}

/** The y parity a legacy transaction's v carries (EIP-155: chainId·2 + 35 + parity; before it 27 + parity). */
const legacyParity = (v: bigint) => Number(v >= 35n ? (v - 35n) % 2n : v - 27n);

/** A transaction in the neutral shape. */
export type NeutralTx = ReturnType<typeof txFromRow>;

/**
 * An evm_transaction row (SELECT *) with its block's hash, in the neutral shape.
 * @example txFromRow(row, block.hash, 43114n)
 */
export function txFromRow(row: any, blockHash: string, chainId: bigint) {
  const typed = row.tx_type !== 0;
  return {
    hash: row.tx_hash as string,
    blockHash,
    blockNumber: big(row.block_number),
    index: Number(row.block_index),
    from: lower(row.from_address),
    to: lower(row.to_address),
    value: big(row.value),
    nonce: big(row.nonce),
    gas: big(row.gas_limit),
    gasPrice: big(row.gas_price),
    maxFeePerGas: big(row.max_fee_per_gas),
    maxPriorityFeePerGas: big(row.max_priority_fee_per_gas),
    type: Number(row.tx_type),
    input: row.input,
    r: big(row.sig_r),
    s: big(row.sig_s),
    yParity: typed ? Number(row.sig_v) : legacyParity(BigInt(row.sig_v)),
    chainId: typed || BigInt(row.sig_v) >= 35n ? chainId : null,
  };
}

/**
 * viem's parsed transaction in the neutral shape (viem gives a legacy transaction's v, not its parity).
 * @example txFromViem(await client.getTransaction({ hash }))
 */
export function txFromViem(t: ViemTx): NeutralTx {
  return {
    hash: t.hash,
    blockHash: t.blockHash!,
    blockNumber: t.blockNumber,
    index: t.transactionIndex!,
    from: lower(t.from),
    to: lower(t.to),
    value: t.value,
    nonce: BigInt(t.nonce),
    gas: t.gas,
    gasPrice: t.gasPrice ?? null,
    maxFeePerGas: t.maxFeePerGas ?? null,
    maxPriorityFeePerGas: t.maxPriorityFeePerGas ?? null,
    type: Number(t.typeHex),
    input: t.input,
    r: BigInt(t.r),
    s: BigInt(t.s),
    yParity: t.yParity ?? legacyParity(t.v!),
    chainId: t.chainId === undefined ? null : BigInt(t.chainId),
  };
}

/**
 * ethers' parsed transaction in the neutral shape.
 * @example txFromEthers((await provider.getTransaction(hash))!)
 */
export function txFromEthers(t: EthersTx): NeutralTx {
  return {
    hash: t.hash,
    blockHash: t.blockHash!,
    blockNumber: BigInt(t.blockNumber!),
    index: t.index,
    from: lower(t.from),
    to: lower(t.to),
    value: t.value,
    nonce: BigInt(t.nonce),
    gas: t.gasLimit,
    gasPrice: t.gasPrice,
    maxFeePerGas: t.maxFeePerGas,
    maxPriorityFeePerGas: t.maxPriorityFeePerGas,
    type: t.type,
    input: t.data,
    r: BigInt(t.signature.r),
    s: BigInt(t.signature.s),
    yParity: t.signature.yParity,
    chainId: t.chainId === 0n ? null : t.chainId,
  };
}

/** A log in the neutral shape. */
export type NeutralLog = ReturnType<typeof logFromRow>;

/**
 * An evm_log row (SELECT *) with its block's hash.
 * @example logFromRow(row, block.hash)
 */
export function logFromRow(row: any, blockHash: string) {
  return {
    address: lower(row.address),
    topics: [row.topic0, row.topic1, row.topic2, row.topic3].filter((t) => t !== null) as string[],
    data: row.data,
    blockNumber: big(row.block_number),
    blockHash,
    logIndex: Number(row.log_index),
    transactionHash: row.tx_hash as string,
    transactionIndex: Number(row.tx_index),
  };
}

/**
 * viem's parsed log in the neutral shape.
 * @example (await client.getLogs({ blockHash })).map(logFromViem)
 */
export function logFromViem(l: ViemLog): NeutralLog {
  return {
    address: lower(l.address),
    topics: [...l.topics],
    data: l.data,
    blockNumber: l.blockNumber,
    blockHash: l.blockHash!,
    logIndex: l.logIndex!,
    transactionHash: l.transactionHash!,
    transactionIndex: l.transactionIndex!,
  };
}

/**
 * ethers' parsed log in the neutral shape.
 * @example (await provider.getLogs({ blockHash })).map(logFromEthers)
 */
export function logFromEthers(l: EthersLog): NeutralLog {
  return {
    address: lower(l.address),
    topics: [...l.topics],
    data: l.data,
    blockNumber: BigInt(l.blockNumber),
    blockHash: l.blockHash,
    logIndex: l.index,
    transactionHash: l.transactionHash,
    transactionIndex: l.transactionIndex,
  };
}

/** A receipt in the neutral shape. */
export type NeutralReceipt = {
  hash: string;
  blockHash: string;
  blockNumber: bigint;
  index: number;
  from: string | null;
  to: string | null;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  gasPrice: bigint;
  status: number;
  contractAddress: string | null;
  type: number;
  logs: NeutralLog[];
};

/**
 * The receipt the index implies for a transaction: cumulative gas of its block so far, its logs, the
 * address a creation makes from its sender and nonce (a node gives it for failed creations too).
 * @example receiptFromRows(txRow, block.hash, 42_000n, logs)
 */
export function receiptFromRows(
  tx: any,
  blockHash: string,
  cumulativeGasUsed: bigint,
  logs: NeutralLog[],
): NeutralReceipt {
  const creation = tx.to_address === null;
  return {
    hash: tx.tx_hash,
    blockHash,
    blockNumber: BigInt(tx.block_number),
    index: Number(tx.block_index),
    from: lower(tx.from_address),
    to: lower(tx.to_address),
    gasUsed: BigInt(tx.gas_used),
    cumulativeGasUsed,
    gasPrice: BigInt(tx.gas_price),
    status: Number(tx.status),
    type: Number(tx.tx_type),
    logs,
    contractAddress: creation
      ? getContractAddress({ from: tx.from_address, nonce: BigInt(tx.nonce) }).toLowerCase()
      : null,
  };
}

/**
 * viem's parsed receipt in the neutral shape.
 * @example receiptFromViem(await client.getTransactionReceipt({ hash }))
 */
export function receiptFromViem(r: ViemReceipt): NeutralReceipt {
  return {
    hash: r.transactionHash,
    blockHash: r.blockHash,
    blockNumber: r.blockNumber,
    index: r.transactionIndex,
    from: lower(r.from),
    to: lower(r.to),
    gasUsed: r.gasUsed,
    cumulativeGasUsed: r.cumulativeGasUsed,
    gasPrice: r.effectiveGasPrice,
    status: r.status === 'success' ? 1 : 0,
    contractAddress: lower(r.contractAddress),
    type: { legacy: 0, eip2930: 1, eip1559: 2, eip4844: 3, eip7702: 4 }[r.type as string] ?? -1,
    logs: r.logs.map(logFromViem),
  };
}

/**
 * ethers' parsed receipt in the neutral shape.
 * @example receiptFromEthers((await provider.getTransactionReceipt(hash))!)
 */
export function receiptFromEthers(r: EthersReceipt): NeutralReceipt {
  return {
    hash: r.hash,
    blockHash: r.blockHash,
    blockNumber: BigInt(r.blockNumber),
    index: r.index,
    from: lower(r.from),
    to: lower(r.to),
    gasUsed: r.gasUsed,
    cumulativeGasUsed: r.cumulativeGasUsed,
    gasPrice: r.gasPrice,
    status: r.status!,
    contractAddress: lower(r.contractAddress),
    type: r.type,
    logs: r.logs.map(logFromEthers),
  };
}
