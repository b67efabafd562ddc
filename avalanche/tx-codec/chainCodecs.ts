// avalanchejs's codecs (version 0) of the P-Chain and the X-Chain: transactions, outputs, UTXOs.
import { utils, type TypeSymbols } from '@avalabs/avalanchejs';
import { concatBytes, u32 } from '../bytes';

/** An avalanchejs linear codec. */
export type ChainCodec = ReturnType<ReturnType<typeof utils.getManagerForVM>['getDefaultCodec']>;

/**
 * The codec of a chain.
 * @param chain `P` or `X`
 * @returns avalanchejs's codec of that VM
 * @example chainCodec('P').PackPrefix(output)
 */
export function chainCodec(chain: 'P' | 'X'): ChainCodec {
  return utils.getManagerForVM(chain === 'P' ? 'PVM' : 'AVM').getDefaultCodec();
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
