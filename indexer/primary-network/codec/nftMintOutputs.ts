// The outputs of an nftfx MintOperation, which avalanchejs decodes but cannot build: its nft
// classes are not exported. avalanchego's MintOperation.Outs() makes one nftfx TransferOutput per
// owner group, each carrying the operation's group ID and payload.
import { concatBytes, u32 } from '../../../avalanche/bytes';
import type { ChainCodec } from '../../../avalanche/tx-codec/chainCodecs';

/** nftfx.TransferOutput's type ID in the X-Chain codec (avm: secp256k1fx 5–9, nftfx 10–14, propertyfx 15–19). */
const NFT_TRANSFER_OUTPUT = 11;

type Encodable = { toBytes(codec?: unknown): Uint8Array };

/** An nftfx MintOperation as avalanchejs decodes it (its fields are private in the typings). */
export type NftMintOperation = {
  groupId: Encodable;
  payload: Encodable;
  outputOwnerList: { outputOwners: Encodable[] };
};

/**
 * Whether a decoded fx operation is an nftfx MintOperation.
 * @example isNftMintOperation(op.transferOp)
 */
export function isNftMintOperation(operation: unknown): operation is NftMintOperation {
  return (operation as { _type?: unknown })._type === 'nftfx.MintOperation';
}

/**
 * The outputs an nftfx MintOperation creates, in order, as avalanchejs nftfx TransferOutputs
 * (decoded from their codec bytes, so they serialize exactly as avalanchego's).
 * @param operation the decoded MintOperation
 * @param codec the X-Chain codec
 * @returns one output per owner group
 * @example nftMintOutputs(op.transferOp, chainCodec('X'))
 */
export function nftMintOutputs(operation: NftMintOperation, codec: ChainCodec): unknown[] {
  return operation.outputOwnerList.outputOwners.map((owners) => {
    const bytes = concatBytes(
      u32(NFT_TRANSFER_OUTPUT),
      operation.groupId.toBytes(),
      operation.payload.toBytes(),
      owners.toBytes(codec),
    );
    const [output, rest] = codec.UnpackPrefix(bytes);
    if (rest.length !== 0) throw new Error(`nftfx TransferOutput does not decode: ${rest.length} trailing bytes`);
    return output;
  });
}
