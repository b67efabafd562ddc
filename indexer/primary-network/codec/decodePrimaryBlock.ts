// P-Chain and X-Chain blocks as `platform.getBlockByHeight` / `avm.getBlockByHeight` return them
// (the VM's block, without the proposervm wrapper). The block envelope is read here (avalanchego
// vms/platformvm/block, vms/avm/block: codec version, type ID, then the fields below); the
// transactions inside are decoded by avalanchejs (readSignedTxs). The block ID is SHA-256 of the bytes.
import { ServiceError } from '../../../shared/errors';
import { sha256 } from '@noble/hashes/sha2.js';
import { cb58Encode } from '../../../avalanche/cb58';
import { chainCodec, type ChainCodec } from '../../../avalanche/tx-codec/chainCodecs';
import { readSignedTxs, type BlockTx } from '../../../avalanche/tx-codec/readSignedTxs';

/** A decoded block. */
export type PrimaryBlock = {
  blockId: string;
  parentId: string;
  height: bigint;
  /** `BanffStandardBlock`, `ApricotProposalBlock`, ..., `StandardBlock` (X-Chain). */
  blockType: string;
  /** Block time; null for Apricot blocks, which carry none (the indexer keeps the previous block's). */
  timestamp: bigint | null;
  txs: BlockTx[];
  sizeBytes: number;
};

/** P-Chain block type IDs (platformvm/block/codec.go: Apricot blocks first, then the tx types, then Banff). */
const P_BLOCK_TYPES: Record<number, { name: string; time: boolean; txList: boolean; oneTx: boolean }> = {
  0: { name: 'ApricotProposalBlock', time: false, txList: false, oneTx: true },
  1: { name: 'ApricotAbortBlock', time: false, txList: false, oneTx: false },
  2: { name: 'ApricotCommitBlock', time: false, txList: false, oneTx: false },
  3: { name: 'ApricotStandardBlock', time: false, txList: true, oneTx: false },
  4: { name: 'ApricotAtomicBlock', time: false, txList: false, oneTx: true },
  29: { name: 'BanffProposalBlock', time: true, txList: true, oneTx: true },
  30: { name: 'BanffAbortBlock', time: true, txList: false, oneTx: false },
  31: { name: 'BanffCommitBlock', time: true, txList: false, oneTx: false },
  32: { name: 'BanffStandardBlock', time: true, txList: true, oneTx: false },
};

/** The X-Chain's StandardBlock registers after 5 tx types and 3 fxs of 5 types each. */
const X_STANDARD_BLOCK_TYPE_ID = 20;

/** A block whose bytes do not decode. */
export class BlockDecodeError extends ServiceError {
  override name = 'BlockDecodeError';
  readonly code = 'BLOCK_DECODE';
  constructor(chain: string, detail: string) {
    super(`${chain} block does not decode: ${detail}`);
  }
}

function reader(bytes: Uint8Array, chain: string) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const need = (n: number, field: string) => {
    if (at + n > bytes.length)
      throw new BlockDecodeError(chain, `${field} needs ${n} bytes, ${bytes.length - at} left`);
  };
  return {
    u16: (field: string) => {
      need(2, field);
      const v = view.getUint16(at);
      at += 2;
      return v;
    },
    u32: (field: string) => {
      need(4, field);
      const v = view.getUint32(at);
      at += 4;
      return v;
    },
    u64: (field: string) => {
      need(8, field);
      const v = view.getBigUint64(at);
      at += 8;
      return v;
    },
    id: (field: string) => {
      need(32, field);
      const v = cb58Encode(bytes.subarray(at, at + 32));
      at += 32;
      return v;
    },
    rest: () => bytes.subarray(at),
    skipTo: (rest: Uint8Array) => {
      at = bytes.length - rest.length;
    },
    done: () => at === bytes.length,
  };
}

/**
 * Decodes a P-Chain block.
 * @param bytes the block (codec version first)
 * @returns the block and its transactions
 * @throws BlockDecodeError
 * @example const block = decodePChainBlock(readCheckedHex('platform.getBlockByHeight', 'block', answer.block))
 */
export function decodePChainBlock(bytes: Uint8Array): PrimaryBlock {
  const r = reader(bytes, 'P-Chain');
  if (r.u16('codec version') !== 0) throw new BlockDecodeError('P-Chain', 'unknown codec version');
  const typeId = r.u32('type ID');
  const kind = P_BLOCK_TYPES[typeId];
  if (!kind) throw new BlockDecodeError('P-Chain', `unknown block type ID ${typeId}`);
  const codec = chainCodec('P');
  const timestamp = kind.time ? r.u64('time') : null;
  const txs: BlockTx[] = [];
  const readList = () => {
    const count = r.u32('transaction count');
    const [list, rest] = readTxs(r.rest(), count, codec, 'P-Chain');
    txs.push(...list);
    r.skipTo(rest);
  };
  // BanffProposalBlock: Time, Transactions (decision txs since Durango), then the Apricot proposal fields.
  if (kind.name === 'BanffProposalBlock') readList();
  const parentId = r.id('parent ID');
  const height = r.u64('height');
  if (kind.txList && kind.name !== 'BanffProposalBlock') readList();
  if (kind.oneTx) {
    const [list, rest] = readTxs(r.rest(), 1, codec, 'P-Chain');
    txs.push(...list);
    r.skipTo(rest);
  }
  if (!r.done()) throw new BlockDecodeError('P-Chain', `${r.rest().length} trailing bytes`);
  return {
    blockId: cb58Encode(sha256(bytes)),
    parentId,
    height,
    blockType: kind.name,
    timestamp,
    txs,
    sizeBytes: bytes.length,
  };
}

/**
 * Decodes a post-Cortina X-Chain block (StandardBlock: parent, height, time, merkle root, transactions).
 * @param bytes the block (codec version first)
 * @returns the block and its transactions
 * @throws BlockDecodeError
 * @example const block = decodeXChainBlock(readCheckedHex('avm.getBlockByHeight', 'block', answer.block))
 */
export function decodeXChainBlock(bytes: Uint8Array): PrimaryBlock {
  const r = reader(bytes, 'X-Chain');
  if (r.u16('codec version') !== 0) throw new BlockDecodeError('X-Chain', 'unknown codec version');
  const typeId = r.u32('type ID');
  if (typeId !== X_STANDARD_BLOCK_TYPE_ID) throw new BlockDecodeError('X-Chain', `unknown block type ID ${typeId}`);
  const parentId = r.id('parent ID');
  const height = r.u64('height');
  const timestamp = r.u64('time');
  r.id('merkle root');
  const count = r.u32('transaction count');
  const [txs, rest] = readTxs(r.rest(), count, chainCodec('X'), 'X-Chain');
  if (rest.length !== 0) throw new BlockDecodeError('X-Chain', `${rest.length} trailing bytes`);
  return {
    blockId: cb58Encode(sha256(bytes)),
    parentId,
    height,
    blockType: 'StandardBlock',
    timestamp,
    txs,
    sizeBytes: bytes.length,
  };
}

function readTxs(bytes: Uint8Array, count: number, codec: ChainCodec, chain: string): [BlockTx[], Uint8Array] {
  try {
    return readSignedTxs(bytes, count, codec);
  } catch (error) {
    throw new BlockDecodeError(chain, `transaction: ${(error as Error).message}`);
  }
}
