// Builders of the ACP-77 (Etna) P-Chain transactions that create and manage L1 validators. Their
// bytes follow avalanchego's codec exactly (avalanchejs): the Warp signature aggregation reads them back.
import { BigIntPr, BlsSignature, Bytes, L1Validator, pvmSerial } from '@avalabs/avalanchejs';
import { fromHex } from '../../avalanche/bytes';
import { unverifiedProofOfPossession } from '../../avalanche/tx-codec/chainCodecs';
import { buildTx, fundedBase, type BuiltTx, type TxContext } from './pchainTxs';
import { authOf, baseTxOf, idOf, nodeIdOf, pChainOwnerOf, type Owners } from './txCodec';

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
export function convertSubnetToL1Tx(
  ctx: TxContext,
  subnetId: string,
  managerChainId: string,
  managerAddress: string,
  validators: ConversionValidator[],
): BuiltTx {
  const l1Validators = validators.map(
    (v) =>
      new L1Validator(
        new Bytes(nodeIdOf(v.nodeId).toBytes()),
        new BigIntPr(v.weight),
        new BigIntPr(v.balance),
        unverifiedProofOfPossession(fromHex(v.publicKey), fromHex(v.proofOfPossession)),
        pChainOwnerOf(v.owners),
        pChainOwnerOf(v.owners),
      ),
  );
  const balance = validators.reduce((sum, v) => sum + v.balance, 0n);
  const base = fundedBase(ctx, 1_000_000n + balance);
  const tx = new pvmSerial.ConvertSubnetToL1Tx(
    baseTxOf(base),
    idOf(subnetId),
    idOf(managerChainId),
    new Bytes(fromHex(managerAddress)),
    l1Validators,
    authOf(),
  );
  return buildTx(ctx, tx, base.inputs.length, 1);
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
export function registerL1ValidatorTx(
  ctx: TxContext,
  balance: bigint,
  proofOfPossession: string,
  signedMessage: Uint8Array,
): BuiltTx {
  const base = fundedBase(ctx, 1_000_000n + balance);
  const tx = new pvmSerial.RegisterL1ValidatorTx(
    baseTxOf(base),
    new BigIntPr(balance),
    BlsSignature.fromSignatureBytes(fromHex(proofOfPossession)),
    new Bytes(signedMessage),
  );
  return buildTx(ctx, tx, base.inputs.length);
}

/**
 * SetL1ValidatorWeightTx carrying a signed L1ValidatorWeight Warp message.
 * @param ctx network context
 * @param signedMessage signed L1ValidatorWeight Warp message
 * @returns the transaction
 * @example setL1ValidatorWeightTx(ctx, signed)
 */
export function setL1ValidatorWeightTx(ctx: TxContext, signedMessage: Uint8Array): BuiltTx {
  const base = fundedBase(ctx, 1_000_000n);
  return buildTx(
    ctx,
    new pvmSerial.SetL1ValidatorWeightTx(baseTxOf(base), new Bytes(signedMessage)),
    base.inputs.length,
  );
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
  const base = fundedBase(ctx, 1_000_000n + balance);
  return buildTx(
    ctx,
    new pvmSerial.IncreaseL1ValidatorBalanceTx(baseTxOf(base), idOf(validationId), new BigIntPr(balance)),
    base.inputs.length,
  );
}

/**
 * DisableL1ValidatorTx.
 * @param ctx network context
 * @param validationId the L1 validation
 * @returns the transaction
 * @example disableL1ValidatorTx(ctx, validationId)
 */
export function disableL1ValidatorTx(ctx: TxContext, validationId: string): BuiltTx {
  const base = fundedBase(ctx, 1_000_000n);
  return buildTx(
    ctx,
    new pvmSerial.DisableL1ValidatorTx(baseTxOf(base), idOf(validationId), authOf()),
    base.inputs.length,
    1,
  );
}
