// Checks a node's answer before anything reads it: a missing field or a non-hex value becomes a
// MalformedAnswerError naming the method and the field, never a NaN or undefined in a row.
import { MalformedAnswerError } from '../../../shared/jsonRpc/rpcErrors';
import type { RpcBlock, RpcCallFrame, RpcReceipt } from './types';

const QUANTITY = /^0x[0-9a-fA-F]+$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DATA = /^0x([0-9a-fA-F]{2})*$/;

type Check = (value: unknown) => boolean;
const is =
  (pattern: RegExp): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value);
/** A quantity the database keeps as bigint (int8): a larger one is malformed, not a failed write. */
const int8: Check = (value) => is(QUANTITY)(value) && BigInt(value as string) < 2n ** 63n;

function need(
  method: string,
  object: unknown,
  path: string,
  fields: Record<string, Check>,
  optional: Record<string, Check> = {},
): void {
  if (!object || typeof object !== 'object') throw new MalformedAnswerError(method, `${path} is not an object`);
  const record = object as Record<string, unknown>;
  for (const [field, check] of Object.entries(fields)) {
    if (record[field] === undefined || record[field] === null)
      throw new MalformedAnswerError(method, `${path}.${field} is missing`);
    if (!check(record[field]))
      throw new MalformedAnswerError(
        method,
        `${path}.${field} is not valid: ${JSON.stringify(record[field]).slice(0, 80)}`,
      );
  }
  for (const [field, check] of Object.entries(optional)) {
    const value = record[field];
    if (value !== undefined && value !== null && !check(value))
      throw new MalformedAnswerError(method, `${path}.${field} is not valid: ${JSON.stringify(value).slice(0, 80)}`);
  }
}

/**
 * Checks a full block (transactions as objects).
 * @param value the answer
 * @returns it, typed
 * @throws MalformedAnswerError
 * @example const block = readBlock(await rpc.call('eth_getBlockByNumber', ['0x1', true]))
 */
export function readBlock(value: unknown): RpcBlock {
  const m = 'eth_getBlockByNumber';
  need(
    m,
    value,
    'block',
    {
      number: is(QUANTITY),
      hash: is(HASH),
      parentHash: is(HASH),
      timestamp: is(QUANTITY),
      gasLimit: is(QUANTITY),
      gasUsed: is(QUANTITY),
      miner: is(ADDRESS),
      transactions: Array.isArray,
    },
    {
      baseFeePerGas: is(QUANTITY),
      stateRoot: is(HASH),
      transactionsRoot: is(HASH),
      receiptsRoot: is(HASH),
      extraData: is(DATA),
      size: int8,
      blockExtraData: is(DATA),
      extDataHash: is(HASH),
      extDataGasUsed: is(QUANTITY),
      blockGasCost: is(QUANTITY),
      blobGasUsed: is(QUANTITY),
      excessBlobGas: is(QUANTITY),
      parentBeaconBlockRoot: is(HASH),
      timestampMilliseconds: int8,
      minDelayExcess: is(QUANTITY),
    },
  );
  const block = value as RpcBlock;
  block.transactions.forEach((tx, i) => {
    if (typeof tx !== 'object')
      throw new MalformedAnswerError(m, `block.transactions[${i}] is a hash, not a transaction object`);
    need(
      m,
      tx,
      `block.transactions[${i}]`,
      {
        hash: is(HASH),
        from: is(ADDRESS),
        value: is(QUANTITY),
        gas: is(QUANTITY),
        nonce: is(QUANTITY),
        input: is(DATA),
        transactionIndex: is(QUANTITY),
      },
      {
        to: is(ADDRESS),
        gasPrice: is(QUANTITY),
        maxFeePerGas: is(QUANTITY),
        maxPriorityFeePerGas: is(QUANTITY),
        type: is(QUANTITY),
        v: is(QUANTITY),
        r: is(QUANTITY),
        s: is(QUANTITY),
      },
    );
  });
  return block;
}

/**
 * Checks a receipt and its logs.
 * @param method the method that answered it
 * @param value the receipt
 * @returns it, typed
 * @throws MalformedAnswerError
 * @example readReceipt('eth_getTransactionReceipt', answer)
 */
export function readReceipt(method: string, value: unknown): RpcReceipt {
  need(
    method,
    value,
    'receipt',
    { transactionHash: is(HASH), transactionIndex: is(QUANTITY), gasUsed: is(QUANTITY), logs: Array.isArray },
    {
      status: is(QUANTITY),
      effectiveGasPrice: is(QUANTITY),
      contractAddress: is(ADDRESS),
    },
  );
  const receipt = value as RpcReceipt;
  receipt.logs.forEach((log, i) => {
    need(method, log, `receipt.logs[${i}]`, {
      address: is(ADDRESS),
      topics: Array.isArray,
      data: is(DATA),
      logIndex: is(QUANTITY),
      transactionIndex: is(QUANTITY),
      transactionHash: is(HASH),
    });
    if (log.topics.length > 4 || !log.topics.every(is(HASH)))
      throw new MalformedAnswerError(method, `receipt.logs[${i}].topics are not 0-4 hashes`);
  });
  return receipt;
}

/**
 * Checks a callTracer frame and its children.
 * @param value the frame
 * @returns it, typed
 * @throws MalformedAnswerError
 * @example readCallFrame(result.result)
 */
export function readCallFrame(value: unknown, path = 'trace'): RpcCallFrame {
  const m = 'debug_traceBlockByNumber';
  need(
    m,
    value,
    path,
    { type: (v) => typeof v === 'string', from: is(ADDRESS) },
    { to: is(ADDRESS), value: is(QUANTITY), gas: is(QUANTITY), gasUsed: is(QUANTITY) },
  );
  const frame = value as RpcCallFrame;
  frame.calls?.forEach((child, i) => {
    readCallFrame(child, `${path}.calls[${i}]`);
  });
  return frame;
}

/**
 * A hex quantity as a bigint.
 * @param method for the error
 * @param what field name
 * @param value the value
 * @returns the number
 * @example readQuantity('eth_blockNumber', 'result', '0x10') // 16n
 */
export function readQuantity(method: string, what: string, value: unknown): bigint {
  if (!is(QUANTITY)(value))
    throw new MalformedAnswerError(method, `${what} is not a hex quantity: ${JSON.stringify(value)?.slice(0, 80)}`);
  return BigInt(value as string);
}
