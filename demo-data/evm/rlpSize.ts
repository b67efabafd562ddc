// RLP sizes of generated blocks: a node's `size` is the length of the block's RLP encoding (header,
// transactions, uncles, and on coreth the version and atomic data). Only lengths are computed,
// never the bytes, so sizing a block costs a few integer operations per field.
import { fromHex } from '../../avalanche/bytes';
import type { RowOf } from '../../prisma/write';

/** Bytes of the big-endian form of a non-negative integer below 2^53, without leading zeros. */
function byteLength(value: number): number {
  let length = 0;
  for (let rest = value; rest >= 1; rest = Math.floor(rest / 256)) length++;
  return length;
}

/** Encoded size of a byte string of `length` bytes (`first` is its first byte, for one-byte strings). */
function stringSize(length: number, first = 0x80): number {
  if (length === 1 && first < 0x80) return 1;
  if (length <= 55) return 1 + length;
  return 1 + byteLength(length) + length;
}

/** Encoded size of a list whose items take `payload` bytes. */
function listSize(payload: number): number {
  return payload <= 55 ? 1 + payload : 1 + byteLength(payload) + payload;
}

/**
 * Encoded size of an integer (a quantity: no leading zeros, 0 as the empty string). Row values come
 * as bigint, decimal text (amounts) or `0x` hex text (signatures); small ones are sized as numbers,
 * so most fields cost no BigInt.
 */
function intSize(value: unknown): number {
  if (typeof value === 'bigint')
    return value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? intSize(Number(value))
      : 1 + ((value.toString(16).length + 1) >> 1);
  if (typeof value === 'number' && value <= Number.MAX_SAFE_INTEGER) return value < 0x80 ? 1 : 1 + byteLength(value);
  if (typeof value === 'string' && value.startsWith('0x')) {
    let start = 2;
    while (value[start] === '0') start++;
    const length = (value.length - start + 1) >> 1;
    return length === 0 || (length === 1 && Number.parseInt(value.slice(start), 16) < 0x80) ? 1 : 1 + length;
  }
  if (typeof value === 'string' && value.length <= 15) return intSize(Number(value));
  return intSize(BigInt(String(value ?? 0)));
}

const HASH = 33;
const ADDRESS = 21;

/**
 * Encoded size of a transaction as it sits in a block body: a legacy transaction's RLP list, or an
 * EIP-1559 one's envelope (type byte + RLP list) wrapped as a byte string (EIP-2718).
 * @param tx the generated transaction row (legacy or EIP-1559, empty access list)
 * @param chainId the chain's EVM chain ID (first field of a typed payload)
 * @returns bytes
 * @example transactionSize(row, 43114n) // 112 for a plain legacy transfer
 */
export function transactionSize(tx: RowOf<'EvmTransaction'>, chainId: bigint): number {
  const input = fromHex(tx.input);
  const shared =
    intSize(tx.nonce) +
    intSize(tx.gasLimit) +
    (tx.to ? ADDRESS : 1) +
    intSize(tx.value) +
    stringSize(input.length, input[0]) +
    intSize(tx.sigV) +
    intSize(tx.sigR) +
    intSize(tx.sigS);
  if (tx.txType === 0) return listSize(shared + intSize(tx.gasPrice));
  const payload = shared + intSize(chainId) + intSize(tx.maxPriorityFeePerGas) + intSize(tx.maxFeePerGas) + listSize(0);
  return stringSize(1 + listSize(payload));
}

/** The header fields whose size varies, as the generated block has them; absent ones are not encoded. */
export type HeaderFields = {
  number: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  timestamp: bigint;
  extraData: Uint8Array;
  baseFee: bigint;
  /** coreth only. */
  extDataGasUsed?: bigint;
  blockGasCost: bigint;
  blobGasUsed: bigint;
  excessBlobGas: bigint;
  /** Granite on. */
  timestampMilliseconds?: bigint;
  minDelayExcess?: bigint;
};

/**
 * Encoded size of a whole block: the header (coreth's with extDataHash after the nonce and
 * extDataGasUsed after the base fee), the transactions, no uncles, and on coreth version 0 and no
 * atomic data.
 * @param header the varying header fields
 * @param transactionSizes each transaction's size ({@link transactionSize})
 * @param coreth whether the block is coreth's (C-Chain) rather than subnet-evm's
 * @returns bytes
 * @example blockSize(fields, [112, 118], true)
 */
export function blockSize(header: HeaderFields, transactionSizes: number[], coreth: boolean): number {
  // parentHash, sha3Uncles, miner, stateRoot, transactionsRoot, receiptsRoot, logsBloom, difficulty 1.
  let fields = HASH * 5 + ADDRESS + stringSize(256) + 1;
  fields += intSize(header.number) + intSize(header.gasLimit) + intSize(header.gasUsed) + intSize(header.timestamp);
  fields += stringSize(header.extraData.length, header.extraData[0]) + HASH + stringSize(8);
  if (coreth) fields += HASH + intSize(header.extDataGasUsed ?? 0n);
  fields +=
    intSize(header.baseFee) +
    intSize(header.blockGasCost) +
    intSize(header.blobGasUsed) +
    intSize(header.excessBlobGas) +
    HASH;
  if (header.timestampMilliseconds !== undefined)
    fields += intSize(header.timestampMilliseconds) + intSize(header.minDelayExcess ?? 0n);
  const transactions = listSize(transactionSizes.reduce((sum, size) => sum + size, 0));
  const body = transactions + listSize(0) + (coreth ? intSize(0n) + stringSize(0) : 0);
  return listSize(listSize(fields) + body);
}
