// avalanchejs's codecs (version 0) of the P-Chain, the X-Chain and the C-Chain's atomic transactions
// (coreth's atomic codec): transactions, outputs, UTXOs.
import { pvmSerial, TypeSymbols, utils } from '@avalabs/avalanchejs';
import { concatBytes, u32 } from '../bytes';

const BLS_PUBLIC_KEY_LENGTH = 48;
const PROOF_OF_POSSESSION_LENGTH = BLS_PUBLIC_KEY_LENGTH + 96;

/**
 * A BLS proof of possession as avalanchejs holds it, without the pairing check avalanchejs's
 * constructor makes (milliseconds of CPU each): for a proof a node has accepted, or one just made
 * with its secret key.
 * @param publicKey the 48-byte compressed public key
 * @param signature the 96-byte compressed proof
 * @returns the avalanchejs object, encoding to the same bytes
 * @example new pvmSerial.Signer(unverifiedProofOfPossession(fromHex(key.publicKey), fromHex(key.proofOfPossession)))
 */
export function unverifiedProofOfPossession(publicKey: Uint8Array, signature: Uint8Array): pvmSerial.ProofOfPossession {
  const proof: pvmSerial.ProofOfPossession = Object.create(pvmSerial.ProofOfPossession.prototype);
  return Object.assign(proof, { publicKey, signature, _type: TypeSymbols.ProofOfPossession });
}

// Every transaction read here was accepted by a node, which checked its proofs; checking each again
// on every read of a stored staking transaction costs milliseconds. Re-encoding (decodeSignedTx)
// still refuses a truncated proof.
pvmSerial.ProofOfPossession.fromBytes = (bytes: Uint8Array): [pvmSerial.ProofOfPossession, Uint8Array] => [
  unverifiedProofOfPossession(
    bytes.slice(0, BLS_PUBLIC_KEY_LENGTH),
    bytes.slice(BLS_PUBLIC_KEY_LENGTH, PROOF_OF_POSSESSION_LENGTH),
  ),
  bytes.slice(PROOF_OF_POSSESSION_LENGTH),
];

/** An avalanchejs linear codec. */
export type ChainCodec = ReturnType<ReturnType<typeof utils.getManagerForVM>['getDefaultCodec']>;

/** A primary-network chain by its letter: the C-Chain's codec is that of its atomic transactions. */
export type ChainLetter = 'P' | 'X' | 'C';

const VM_OF = { P: 'PVM', X: 'AVM', C: 'EVM' } as const;

/**
 * The codec of a chain.
 * @param chain `P`, `X` or `C` (coreth's atomic codec: ImportTx 0, ExportTx 1, the secp256k1fx types from 5)
 * @returns avalanchejs's codec of that VM
 * @example chainCodec('P').PackPrefix(output)
 */
export function chainCodec(chain: ChainLetter): ChainCodec {
  return utils.getManagerForVM(VM_OF[chain]).getDefaultCodec();
}

/** What a codec writes with its type ID: an avalanchejs serializable object. */
export type Serializable = Parameters<ChainCodec['PackPrefix']>[0];

/**
 * An object of a type avalanchejs registers in a codec but does not export (RewardValidatorTx, the
 * nftfx outputs and operations), read by the codec from the type's ID and its fields.
 * @param chain `P` or `X`
 * @param type the avalanchejs type symbol
 * @param fields the type's fields as the codec writes them
 * @returns the object
 * @throws Error when the fields are not exactly one object of that type
 * @example fromFields('P', TypeSymbols.RewardValidatorTx, stakerTxIdBytes)
 */
export function fromFields(chain: 'P' | 'X', type: TypeSymbols, fields: Uint8Array): Serializable {
  const codec = chainCodec(chain);
  const typeId = codec.typeToTypeID.get(type);
  if (typeId === undefined) throw new Error(`the ${chain}-Chain codec has no type ${type}`);
  const [object, rest] = codec.UnpackPrefix(concatBytes(u32(typeId), fields));
  if (rest.length !== 0) throw new Error(`${type}: ${rest.length} bytes left after its fields`);
  return object;
}
