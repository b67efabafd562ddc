// Builders of the ACP-77 (Etna) P-Chain transactions that create and manage L1 validators. Their
// bytes follow avalanchego's codec exactly: the Warp signature aggregation reads them back.
import { concatBytes, fromHex, lengthPrefixed, u64 } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import { buildTx, fundedBase, type BuiltTx, type TxContext } from './pchainTxs';
import { encodeAuth, encodeOwners, type Owners, vector } from './txCodec';

const nodeBytes = (nodeId: string) => cb58Decode(nodeId.replace(/^NodeID-/, ''));

/** One validator of a ConvertSubnetToL1Tx. */
export type ConversionValidator = {
  nodeId: string;
  weight: bigint;
  balance: bigint;
  publicKey: string;
  proofOfPossession: string;
  owners: Owners;
};

/**
 * ConvertSubnetToL1Tx naming the validator manager and the initial validators.
 * @param ctx network context
 * @param subnetId converted subnet
 * @param managerChainId chain of the validator manager
 * @param managerAddress validator manager contract (`0x` hex)
 * @param validators initial validators, sorted by node ID
 * @returns the transaction
 * @example convertSubnetToL1Tx(ctx, subnetId, chainId, '0xfacade...', [validator])
 */
export function convertSubnetToL1Tx(ctx: TxContext, subnetId: string, managerChainId: string, managerAddress: string, validators: ConversionValidator[]): BuiltTx {
  const encoded = validators.map((v) =>
    concatBytes(
      lengthPrefixed(nodeBytes(v.nodeId)),
      u64(v.weight),
      u64(v.balance),
      fromHex(v.publicKey),
      fromHex(v.proofOfPossession),
      encodeOwners(v.owners, false),
      encodeOwners(v.owners, false),
    ),
  );
  const rest = concatBytes(cb58Decode(subnetId), cb58Decode(managerChainId), lengthPrefixed(fromHex(managerAddress)), vector(encoded), encodeAuth());
  const balance = validators.reduce((sum, v) => sum + v.balance, 0n);
  return buildTx(ctx, 'ConvertSubnetToL1Tx', fundedBase(ctx, 1_000_000n + balance), rest, 1);
}

/**
 * RegisterL1ValidatorTx carrying a signed Warp message from the validator manager.
 * @param ctx network context
 * @param balance initial continuous-fee balance, nAVAX
 * @param proofOfPossession the new validator's proof of possession (`0x` hex)
 * @param signedMessage signed RegisterL1Validator Warp message
 * @returns the transaction
 * @example registerL1ValidatorTx(ctx, 10n * AVAX, pop, signed)
 */
export function registerL1ValidatorTx(ctx: TxContext, balance: bigint, proofOfPossession: string, signedMessage: Uint8Array): BuiltTx {
  const rest = concatBytes(u64(balance), fromHex(proofOfPossession), lengthPrefixed(signedMessage));
  return buildTx(ctx, 'RegisterL1ValidatorTx', fundedBase(ctx, 1_000_000n + balance), rest);
}

/**
 * SetL1ValidatorWeightTx carrying a signed L1ValidatorWeight Warp message.
 * @param ctx network context
 * @param signedMessage signed L1ValidatorWeight Warp message
 * @returns the transaction
 * @example setL1ValidatorWeightTx(ctx, signed)
 */
export function setL1ValidatorWeightTx(ctx: TxContext, signedMessage: Uint8Array): BuiltTx {
  return buildTx(ctx, 'SetL1ValidatorWeightTx', fundedBase(ctx, 1_000_000n), lengthPrefixed(signedMessage));
}

/**
 * IncreaseL1ValidatorBalanceTx.
 * @param ctx network context
 * @param validationId the L1 validation
 * @param balance nAVAX added
 * @returns the transaction
 * @example increaseL1ValidatorBalanceTx(ctx, validationId, AVAX)
 */
export function increaseL1ValidatorBalanceTx(ctx: TxContext, validationId: string, balance: bigint): BuiltTx {
  return buildTx(ctx, 'IncreaseL1ValidatorBalanceTx', fundedBase(ctx, 1_000_000n + balance), concatBytes(cb58Decode(validationId), u64(balance)));
}

/**
 * DisableL1ValidatorTx.
 * @param ctx network context
 * @param validationId the L1 validation
 * @returns the transaction
 * @example disableL1ValidatorTx(ctx, validationId)
 */
export function disableL1ValidatorTx(ctx: TxContext, validationId: string): BuiltTx {
  return buildTx(ctx, 'DisableL1ValidatorTx', fundedBase(ctx, 1_000_000n), concatBytes(cb58Decode(validationId), encodeAuth()), 1);
}
