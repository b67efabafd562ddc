// The transactions inside a P- or X-Chain block: `[]*txs.Tx`, a uint32 count then each signed
// transaction without its codec version. avalanchejs decodes each one (its pvm / avm codec); the
// transaction ID is SHA-256 of the signed bytes with the version prefix, as the node computes it.
import { sha256 } from '@noble/hashes/sha2.js';
import { avaxSerial, type Common } from '@avalabs/avalanchejs';
import { cb58Encode } from '../../../avalanche/cb58';
import type { ChainCodec as Codec } from './chainCodecs';

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
    const [signed, after] = avaxSerial.SignedTx.fromBytes(rest, codec);
    const inner = rest.subarray(0, rest.length - after.length);
    const withVersion = new Uint8Array(inner.length + 2);
    withVersion.set(inner, 2);
    const unsigned = signed.unsignedTx as Common.Transaction;
    txs.push({ txId: cb58Encode(sha256(withVersion)), txType: txTypeName(String(unsigned._type)), unsigned, bytes: withVersion });
    rest = after;
  }
  return [txs, rest];
}
