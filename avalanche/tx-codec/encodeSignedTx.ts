import { sha256 } from '@noble/hashes/sha2.js';
import { Credential, Signature } from '@avalabs/avalanchejs';
import { concatBytes, u16 } from '../bytes';
import { cb58Encode } from '../cb58';
import { chainCodec, type ChainLetter, type Serializable } from './chainCodecs';

/**
 * A signed transaction's bytes as the node stores them: codec version 0, the typed unsigned
 * transaction, then one secp256k1 credential per signature list. (avalanchejs's SignedTx.toBytes()
 * picks the codec from the transaction, which avm's CreateAssetTx and OperationTx do not name.)
 * @param unsigned an avalanchejs unsigned transaction of the chain
 * @param credentials one list of 65-byte signatures per credential
 * @param chain `P`, `X` or `C`: whose codec (type IDs) writes it
 * @returns the bytes and the transaction ID (cb58 of their SHA-256)
 * @example encodeSignedTx(new pvmSerial.RewardValidatorTx(Id.fromString(stakerTxId)), [], 'P')
 */
export function encodeSignedTx(
  unsigned: Serializable,
  credentials: Uint8Array[][],
  chain: ChainLetter,
): { bytes: Uint8Array; txId: string } {
  const bytes = packSignedTx(
    unsigned,
    credentials.map((signatures) => new Credential(signatures.map((signature) => new Signature(signature)))),
    chain,
  );
  return { bytes, txId: cb58Encode(sha256(bytes)) };
}

/**
 * The bytes of a signed transaction from avalanchejs objects (see encodeSignedTx).
 * @param unsigned the unsigned transaction
 * @param credentials its credentials
 * @param chain `P`, `X` or `C`
 * @returns codec version ‖ typed transaction ‖ typed credentials
 * @example packSignedTx(signed.unsignedTx, signed.credentials, 'P')
 */
export function packSignedTx(unsigned: Serializable, credentials: Serializable[], chain: ChainLetter): Uint8Array {
  const codec = chainCodec(chain);
  return concatBytes(u16(0), codec.PackPrefix(unsigned), codec.PackPrefixList(credentials));
}
