// The header members of a generated block that a node's eth_getBlockByNumber gives beside what the
// block row already holds, with the values coreth (the C-Chains) or subnet-evm (the L1s) give for
// such a block:
// - transactionsRoot / receiptsRoot: the empty trie's root for a block without transactions;
//   otherwise stand-ins (SHA-256 of the transaction hashes, of the hashes with status and gas): the
//   demo's transaction hashes are not hashes of encoded transactions, so there is no real trie to
//   root. stateRoot moves only with transactions (an empty block pays no fee and changes nothing).
// - extraData: the fee state after the block (coreth from Fortuna: ACP-176 gas capacity, excess
//   whose price is the block's base fee, and target excess; subnet-evm: the last ten seconds' gas),
//   then the empty Warp predicate results every block carries from Durango on.
// - size: the RLP length of the block (rlpSize.ts); coreth's atomic data is empty (no atomic
//   transactions), so blockExtraData is `0x`, extDataHash rlpHash(nil), extDataGasUsed 0.
// - Cancun: no blobs (blobGasUsed and excessBlobGas 0, a zero parent beacon root). Granite: block
//   gas cost 0, the time in milliseconds (under half a second into the block's second, so blocks
//   at least a second apart keep the minimum delay) and the delay excess of a 500 ms minimum delay.
//   Before Granite the block gas cost follows the AP4/subnet-evm step rule and there is neither.
// Nothing here draws from the chain's random stream: every other generated row stays as it was.
import { toHex } from '../../avalanche/bytes';
import type { RowOf } from '../../prisma/write';
import { createHash } from 'node:crypto';
import { networkUpgrades } from '../../node-rpc/eth/subnetEvm/networkUpgrades';
import type { EvmChainSpec } from './chains';
import { blockSize, transactionSize } from './rlpSize';
import { mix32 } from './timeline';

/** keccak256(rlp('')): the root of an empty trie, and coreth's hash of empty atomic data. */
export const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const ZERO_HASH = `0x${'0'.repeat(64)}`;
/** Bytes of empty predicate results: codec version 0 and a map of no entries, all zero (vms/evm/predicate). */
const EMPTY_PREDICATE_RESULTS = 6;
/** acp226.DesiredDelayExcess(500): the excess of a 500 ms minimum block delay. */
const MIN_DELAY_EXCESS = 6_516_490n;
/** ACP-176 target excess of 1,500,000 gas/s (CalculatePrice(1e6, q, 2^25) = 1.5e6), and that target. */
const TARGET_EXCESS = 13_605_152;
const TARGET_PER_SECOND = 1_500_000;
/** ACP-176: capacity fills at twice the target for 5 s; the price doubles at most every ~60 s (87). */
const MAX_PER_SECOND = 2 * TARGET_PER_SECOND;
const MAX_CAPACITY = 5 * MAX_PER_SECOND;
const PRICE_UPDATE_CONVERSION = 87;
/** subnet-evm's fee window: gas of each of the last ten seconds. */
const WINDOW_SECONDS = 10;

/** The header members a generated block row gets. */
export type HeaderMembers = Pick<
  RowOf<'EvmBlock'>,
  | 'stateRoot'
  | 'transactionsRoot'
  | 'receiptsRoot'
  | 'extraData'
  | 'size'
  | 'blockExtraData'
  | 'extDataHash'
  | 'extDataGasUsed'
  | 'blockGasCost'
  | 'blobGasUsed'
  | 'excessBlobGas'
  | 'parentBeaconBlockRoot'
  | 'timestampMilliseconds'
  | 'minDelayExcess'
>;

/** What a block holds, once its transactions are placed. */
export type GeneratedBlock = {
  number: bigint;
  timestamp: number;
  gasLimit: bigint;
  gasUsed: bigint;
  baseFee: bigint;
  transactions: RowOf<'EvmTransaction'>[];
  /** Logs the block's transactions emitted. */
  logCount: number;
};

/** Block fee rule before Granite (ap4.BlockGasCost; subnet-evm with its fee config). */
type GasCostRule = { step: bigint; min: bigint; max: bigint; targetRate: number };

/**
 * A chain's header writer: called once per block, in order, it keeps what runs across blocks
 * (state root, fee state, block gas cost).
 * @param spec the chain
 * @returns the members of each next block
 * @example const header = createHeaderWriter(spec); const members = header(block)
 */
export function createHeaderWriter(spec: EvmChainSpec): (block: GeneratedBlock) => HeaderMembers {
  const coreth = spec.vm === 'coreth';
  const granite = Number(networkUpgrades(spec.network === 'mainnet' ? 'MAINNET' : 'FUJI', {}).graniteTimestamp);
  const rule: GasCostRule =
    coreth || !spec.fastFees
      ? { step: 200_000n, min: 0n, max: 1_000_000n, targetRate: 2 }
      : { step: 500_000n, min: 0n, max: 10_000_000n, targetRate: 2 };
  const seed = mix32(0x68656164, Number(spec.chainId % 2_147_483_647n));
  let stateRoot = digest(`avalanche-demo-data/evm/${spec.key}/state`, []);
  let lastTimestamp: number | undefined;
  let capacity = MAX_CAPACITY;
  let window = new Array<number>(WINDOW_SECONDS).fill(0);
  let gasCost: bigint | null = null;

  return (block) => {
    const elapsed = lastTimestamp === undefined ? WINDOW_SECONDS : block.timestamp - lastTimestamp;
    lastTimestamp = block.timestamp;
    const hashes = block.transactions.map((t) => t.txHash);
    const empty = hashes.length === 0;
    const transactionsRoot = empty ? EMPTY_TRIE_ROOT : digest('transactions', hashes);
    const receiptsRoot = empty
      ? EMPTY_TRIE_ROOT
      : digest('receipts', [
          ...block.transactions.map((t) => `${t.txHash}:${t.status}:${t.gasUsed}`),
          String(block.logCount),
        ]);
    if (!empty) stateRoot = digest('state', [stateRoot, transactionsRoot]);

    // The fee state, then the empty predicate results (zero bytes).
    let extraData: Uint8Array<ArrayBuffer>;
    if (coreth) {
      capacity = Math.max(0, Math.min(MAX_CAPACITY, capacity + elapsed * MAX_PER_SECOND) - Number(block.gasUsed));
      const excess = Math.round(TARGET_PER_SECOND * PRICE_UPDATE_CONVERSION * Math.log(Number(block.baseFee)));
      extraData = uint64s([capacity, excess, TARGET_EXCESS], EMPTY_PREDICATE_RESULTS);
    } else {
      window =
        elapsed >= WINDOW_SECONDS
          ? new Array<number>(WINDOW_SECONDS).fill(0)
          : [...window.slice(elapsed), ...new Array<number>(elapsed).fill(0)];
      window[WINDOW_SECONDS - 1]! += Number(block.gasUsed);
      extraData = uint64s(window, EMPTY_PREDICATE_RESULTS);
    }

    const afterGranite = block.timestamp >= granite;
    gasCost = afterGranite ? 0n : nextGasCost(rule, gasCost, elapsed);
    const timestampMilliseconds = afterGranite
      ? BigInt(block.timestamp) * 1000n + BigInt(mix32(seed, Number(block.number % 2_147_483_647n)) % 500)
      : undefined;
    const minDelayExcess = afterGranite ? MIN_DELAY_EXCESS : undefined;
    const size = blockSize(
      {
        number: block.number,
        gasLimit: block.gasLimit,
        gasUsed: block.gasUsed,
        timestamp: BigInt(block.timestamp),
        extraData,
        baseFee: block.baseFee,
        extDataGasUsed: coreth ? 0n : undefined,
        blockGasCost: gasCost,
        blobGasUsed: 0n,
        excessBlobGas: 0n,
        timestampMilliseconds,
        minDelayExcess,
      },
      block.transactions.map((t) => transactionSize(t, spec.chainId)),
      coreth,
    );
    return {
      stateRoot,
      transactionsRoot,
      receiptsRoot,
      extraData: `0x${toHex(extraData)}`,
      size: BigInt(size),
      blockExtraData: coreth ? '0x' : null,
      extDataHash: coreth ? EMPTY_TRIE_ROOT : null,
      extDataGasUsed: coreth ? '0' : null,
      blockGasCost: gasCost.toString(),
      blobGasUsed: '0',
      excessBlobGas: '0',
      parentBeaconBlockRoot: ZERO_HASH,
      timestampMilliseconds: timestampMilliseconds ?? null,
      minDelayExcess: minDelayExcess?.toString() ?? null,
    };
  };
}

/** The block gas cost after a parent's (ap4.BlockGasCost): up by a step per second under the target rate, down above it. */
function nextGasCost(rule: GasCostRule, parent: bigint | null, elapsed: number): bigint {
  if (parent === null) return rule.min;
  const change = rule.step * BigInt(Math.abs(rule.targetRate - elapsed));
  const next = elapsed < rule.targetRate ? parent + change : parent - change;
  return next < rule.min ? rule.min : next > rule.max ? rule.max : next;
}

/** A 32-byte stand-in hash (0x hex) of a tag and some texts. */
function digest(tag: string, parts: string[]): string {
  return `0x${createHash('sha256')
    .update(`${tag}\0${parts.join('\0')}`)
    .digest('hex')}`;
}

/** Big-endian uint64 words of values below 2^53, followed by `padding` zero bytes. */
function uint64s(values: number[], padding: number): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.alloc(values.length * 8 + padding);
  values.forEach((value, i) => {
    bytes.writeUInt32BE(Math.floor(value / 2 ** 32), i * 8);
    bytes.writeUInt32BE(value % 2 ** 32, i * 8 + 4);
  });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}
