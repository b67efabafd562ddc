// Signed P- and X-Chain transactions read by avalanchejs (its pvm / avm codec): those inside a block
// (`[]*txs.Tx`, a uint32 count then each transaction without its codec version) and a stored one
// (codec version first, as `platform.getTx` gives it). The transaction ID is SHA-256 of the signed
// bytes with the version prefix, as the node computes it.
import { sha256 } from '@noble/hashes/sha2.js';
import { avaxSerial, type Common } from '@avalabs/avalanchejs';
import { compareBytes } from '../bytes';
import { cb58Encode } from '../cb58';
import { chainCodec, type ChainCodec as Codec } from './chainCodecs';
import { packSignedTx } from './encodeSignedTx';
import { ServiceError } from '../../shared/errors';

/** A decoded signed transaction. */
export type BlockTx = {
  txId: string;
  /** Type name as the node reports it (`AddPermissionlessValidatorTx`, `BaseTx`, ...). */
  txType: string;
  /** avalanchejs's unsigned transaction object. */
  unsigned: Common.Transaction;
  /** Signed bytes with the codec version, as `platform.getTx` would give them. */
  bytes: Uint8Array;
};

/**
 * The name the node uses for an avalanchejs type symbol: `pvm.AddPermissionlessValidator` → `AddPermissionlessValidatorTx`.
 * @param typeSymbol avalanchejs `_type`
 * @returns the transaction type name
 * @example txTypeName('avm.BaseTx') // 'BaseTx'
 */
export function txTypeName(typeSymbol: string): string {
  const name = typeSymbol.replace(/^[a-z]+\./, '');
  return name.endsWith('Tx') ? name : `${name}Tx`;
}

/**
 * Reads `count` signed transactions from `bytes`.
 * @param bytes starts at the first transaction
 * @param count how many
 * @param codec avalanchejs codec of the chain (pvm or avm, version 0)
 * @returns the transactions and the bytes after them
 * @example const [txs, rest] = readSignedTxs(body, 2, pvmCodec)
 */
export function readSignedTxs(bytes: Uint8Array, count: number, codec: Codec): [BlockTx[], Uint8Array] {
  const txs: BlockTx[] = [];
  let rest = bytes;
  for (let i = 0; i < count; i++) {
    const read = readSignedTx(rest, codec);
    txs.push(read.tx);
    rest = read.rest;
  }
  return [txs, rest];
}

/**
 * One signed transaction read from the front of `bytes` (no codec version), with its ID: SHA-256 of
 * its bytes behind codec version 0.
 * @param bytes the transaction and what follows it
 * @param codec its chain's codec
 * @returns the transaction, avalanchejs's signed transaction, and the bytes after it
 * @example const { tx, rest } = readSignedTx(bytes.subarray(2), chainCodec('P'))
 */
export function readSignedTx(
  bytes: Uint8Array,
  codec: Codec,
): { tx: BlockTx; signed: avaxSerial.SignedTx; rest: Uint8Array } {
  const [signed, rest] = avaxSerial.SignedTx.fromBytes(bytes, codec);
  const inner = bytes.subarray(0, bytes.length - rest.length);
  const withVersion = new Uint8Array(inner.length + 2);
  withVersion.set(inner, 2);
  const unsigned = signed.unsignedTx as Common.Transaction;
  return {
    tx: {
      txId: cb58Encode(sha256(withVersion)),
      txType: txTypeName(String(unsigned._type)),
      unsigned,
      bytes: withVersion,
    },
    signed,
    rest,
  };
}

/** A stored transaction is not one well-formed signed transaction of its chain's codec. */
export class SignedTxDecodeError extends ServiceError {
  override name = 'SignedTxDecodeError';
}

/**
 * Decodes one signed transaction as stored (`platform.getTx` bytes: codec version 0, then the
 * transaction), refusing another version and trailing bytes.
 * @param bytes the signed transaction with its codec version, no API checksum
 * @param chain `P` or `X`
 * @returns the decoded transaction
 * @throws SignedTxDecodeError when the bytes are not exactly one transaction of that chain
 * @example decodeSignedTx(fromHex(row.txBytes), 'P').txType // 'RegisterL1ValidatorTx'
 */
export function decodeSignedTx(bytes: Uint8Array, chain: 'P' | 'X'): BlockTx {
  if (bytes.length < 2) throw new SignedTxDecodeError(`${bytes.length} bytes hold no codec version`);
  const version = (bytes[0]! << 8) | bytes[1]!;
  if (version !== 0) throw new SignedTxDecodeError(`unknown codec version ${version}, expected 0`);
  let read: ReturnType<typeof readSignedTx>;
  try {
    read = readSignedTx(bytes.subarray(2), chainCodec(chain));
  } catch (error) {
    throw new SignedTxDecodeError(`not a ${chain}-Chain transaction: ${(error as Error).message}`);
  }
  const { tx, signed, rest } = read;
  if (rest.length > 0)
    throw new SignedTxDecodeError(`${rest.length} trailing byte${rest.length === 1 ? '' : 's'} after the transaction`);
  // avalanchejs reads fixed-size fields with slice(), which silently shortens a field at the end:
  // only bytes that encode back to themselves are one whole transaction.
  if (compareBytes(packSignedTx(signed.unsignedTx, signed.credentials, chain), bytes) !== 0)
    throw new SignedTxDecodeError('the transaction is truncated or not in canonical form');
  return tx;
}
