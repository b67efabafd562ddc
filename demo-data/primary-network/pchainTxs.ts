// Builders of the P-Chain transactions the demo stores, one per kind, as avalanchejs objects (txCodec). Funding
// inputs spend pseudo-random earlier outputs: only the outputs the demo tracks as UTXOs are real.
import { BigIntPr, Bytes, Int, pvmSerial, Stringpr, TypeSymbols } from '@avalabs/avalanchejs';
import { fromHex } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { fromFields, unverifiedProofOfPossession, type Serializable } from '../../avalanche/tx-codec/chainCodecs';
import { encodeSignedTx } from '../../avalanche/tx-codec/encodeSignedTx';
import { txTypeName } from '../../avalanche/tx-codec/readSignedTxs';
import { PRIMARY_NETWORK_ID } from '../constants';
import type { Random } from '../random';
import {
  authOf,
  baseTxOf,
  idOf,
  nodeIdOf,
  outputOwnersOf,
  transferableOutputOf,
  type BaseTx,
  type Input,
  type Output,
  type Owners,
} from './txCodec';

/** A built transaction: its kind, ID and signed bytes. */
export type BuiltTx = { txType: string; txId: string; bytes: Uint8Array };

/** Context every builder needs: network, AVAX asset and a random stream for funding and signatures. */
export type TxContext = { networkId: number; avaxAssetId: string; rng: Random };

/** A validator as the staking transactions encode it. */
export type StakerFields = { nodeId: string; start: bigint; end: bigint; weight: bigint };

/**
 * A BaseTx paying `fee` from one pseudo-random input, with optional extra outputs and inputs.
 * @param ctx network context
 * @param fee nAVAX burnt
 * @param extra outputs and inputs that matter to the demo (tracked UTXOs)
 * @returns BaseTx fields
 * @example fundedBase(ctx, 1_000_000n)
 */
export function fundedBase(
  ctx: TxContext,
  fee: bigint,
  extra: { outputs?: Output[]; inputs?: Input[]; blockchainId?: string } = {},
): BaseTx {
  const outputs = extra.outputs ?? [];
  const inputs = [...(extra.inputs ?? [])];
  const spent = outputs.reduce((sum, o) => sum + o.amount, 0n);
  const covered = inputs.reduce((sum, i) => sum + i.amount, 0n);
  const missing = spent + fee - covered;
  if (missing > 0n) {
    inputs.push({
      txId: randomTxId(ctx.rng),
      outputIndex: ctx.rng.int(0, 3),
      assetId: ctx.avaxAssetId,
      amount: missing,
    });
  }
  return { networkId: ctx.networkId, blockchainId: extra.blockchainId ?? PRIMARY_NETWORK_ID, outputs, inputs };
}

/**
 * A signed P-Chain transaction with one credential per input plus `extraCredentials`.
 * @param ctx network context
 * @param unsigned the avalanchejs transaction; its type names the kind
 * @param inputs how many inputs its BaseTx spends
 * @param extraCredentials credentials for subnet or disable authorization
 * @returns the built transaction
 * @example buildTx(ctx, new pvmSerial.BaseTx(baseTxOf(base)), base.inputs.length)
 */
export function buildTx(ctx: TxContext, unsigned: Serializable, inputs: number, extraCredentials = 0): BuiltTx {
  const signatures = Array.from({ length: inputs + extraCredentials }, () => [ctx.rng.bytes(65)]);
  return { txType: txTypeName(String(unsigned._type)), ...encodeSignedTx(unsigned, signatures, 'P') };
}

const validatorOf = (v: StakerFields) =>
  new pvmSerial.Validator(nodeIdOf(v.nodeId), new BigIntPr(v.start), new BigIntPr(v.end), new BigIntPr(v.weight));

/**
 * CreateSubnetTx owned by `owners`; its ID is the subnet ID.
 * @param ctx network context
 * @param owners subnet owners
 * @param memo optional memo text
 * @returns the transaction
 * @example createSubnetTx(ctx, { locktime: 0n, threshold: 1, addresses: [owner] })
 */
export function createSubnetTx(ctx: TxContext, owners: Owners, memo?: string): BuiltTx {
  const base = fundedBase(ctx, 1_000_000_000n);
  if (memo) base.memo = new TextEncoder().encode(memo);
  return buildTx(ctx, new pvmSerial.CreateSubnetTx(baseTxOf(base), outputOwnersOf(owners)), base.inputs.length);
}

/**
 * CreateChainTx of a chain on `subnetId`; its ID is the blockchain ID.
 * @param ctx network context
 * @param subnetId subnet of the chain
 * @param name chain name
 * @param vmId VM of the chain
 * @param genesis genesis bytes
 * @returns the transaction
 * @example createChainTx(ctx, subnetId, 'Orchid Chain', VM_IDS.subnetevm, genesisBytes)
 */
export function createChainTx(
  ctx: TxContext,
  subnetId: string,
  name: string,
  vmId: string,
  genesis: Uint8Array,
): BuiltTx {
  const base = fundedBase(ctx, 1_000_000_000n);
  const tx = new pvmSerial.CreateChainTx(
    baseTxOf(base),
    idOf(subnetId),
    new Stringpr(name),
    idOf(vmId),
    [],
    new Bytes(genesis),
    authOf(),
  );
  return buildTx(ctx, tx, base.inputs.length, 1);
}

/**
 * TransferSubnetOwnershipTx to new owners.
 * @param ctx network context
 * @param subnetId the subnet
 * @param owners new owners
 * @returns the transaction
 * @example transferSubnetOwnershipTx(ctx, subnetId, owners)
 */
export function transferSubnetOwnershipTx(ctx: TxContext, subnetId: string, owners: Owners): BuiltTx {
  const base = fundedBase(ctx, 1_000_000n);
  return buildTx(
    ctx,
    new pvmSerial.TransferSubnetOwnershipTx(baseTxOf(base), idOf(subnetId), authOf(), outputOwnersOf(owners)),
    base.inputs.length,
    1,
  );
}

/**
 * AddPermissionlessValidatorTx on the primary network with BLS credentials.
 * @param ctx network context
 * @param v node, period and weight
 * @param bls public key and proof of possession (`0x` hex)
 * @param stake stake outputs (returned at the end)
 * @param rewardOwners owners of validation and delegation rewards
 * @param sharesPpm delegation fee, parts per million
 * @param inputs tracked outputs spent for the stake (restaking)
 * @returns the transaction
 * @example addPermissionlessValidatorTx(ctx, fields, credentials, [stake], owners, 20_000)
 */
export function addPermissionlessValidatorTx(
  ctx: TxContext,
  v: StakerFields,
  bls: { publicKey: string; proofOfPossession: string },
  stake: Output[],
  rewardOwners: Owners,
  sharesPpm: number,
  inputs: Input[] = [],
): BuiltTx {
  const base = fundedBase(ctx, 0n, { inputs: stakeInputs(ctx, stake, inputs) });
  const signer = new pvmSerial.Signer(
    unverifiedProofOfPossession(fromHex(bls.publicKey), fromHex(bls.proofOfPossession)),
  );
  const tx = new pvmSerial.AddPermissionlessValidatorTx(
    baseTxOf(base),
    new pvmSerial.SubnetValidator(validatorOf(v), idOf(PRIMARY_NETWORK_ID)),
    signer,
    stake.map(transferableOutputOf),
    outputOwnersOf(rewardOwners),
    outputOwnersOf(rewardOwners),
    new Int(sharesPpm),
  );
  return buildTx(ctx, tx, base.inputs.length);
}

/**
 * AddPermissionlessDelegatorTx on the primary network.
 * @param ctx network context
 * @param v node, period and weight
 * @param stake stake outputs
 * @param rewardOwners owners of the delegation reward
 * @param inputs tracked outputs spent for the stake
 * @returns the transaction
 * @example addPermissionlessDelegatorTx(ctx, fields, [stake], owners)
 */
export function addPermissionlessDelegatorTx(
  ctx: TxContext,
  v: StakerFields,
  stake: Output[],
  rewardOwners: Owners,
  inputs: Input[] = [],
): BuiltTx {
  const base = fundedBase(ctx, 0n, { inputs: stakeInputs(ctx, stake, inputs) });
  const validator = new pvmSerial.SubnetValidator(validatorOf(v), idOf(PRIMARY_NETWORK_ID));
  return buildTx(
    ctx,
    new pvmSerial.AddPermissionlessDelegatorTx(
      baseTxOf(base),
      validator,
      stake.map(transferableOutputOf),
      outputOwnersOf(rewardOwners),
    ),
    base.inputs.length,
  );
}

/**
 * AddSubnetValidatorTx of a permissioned subnet.
 * @param ctx network context
 * @param v node, period and weight
 * @param subnetId the subnet
 * @returns the transaction
 * @example addSubnetValidatorTx(ctx, fields, subnetId)
 */
export function addSubnetValidatorTx(ctx: TxContext, v: StakerFields, subnetId: string): BuiltTx {
  const base = fundedBase(ctx, 1_000_000n);
  return buildTx(
    ctx,
    new pvmSerial.AddSubnetValidatorTx(
      baseTxOf(base),
      new pvmSerial.SubnetValidator(validatorOf(v), idOf(subnetId)),
      authOf(),
    ),
    base.inputs.length,
    1,
  );
}

/**
 * RemoveSubnetValidatorTx.
 * @param ctx network context
 * @param nodeId removed node
 * @param subnetId the subnet
 * @returns the transaction
 * @example removeSubnetValidatorTx(ctx, nodeId, subnetId)
 */
export function removeSubnetValidatorTx(ctx: TxContext, nodeId: string, subnetId: string): BuiltTx {
  const base = fundedBase(ctx, 1_000_000n);
  return buildTx(
    ctx,
    new pvmSerial.RemoveSubnetValidatorTx(baseTxOf(base), nodeIdOf(nodeId), idOf(subnetId), authOf()),
    base.inputs.length,
    1,
  );
}

/**
 * RewardValidatorTx: only the staker transaction ID, no BaseTx and no credentials.
 * @param stakerTxId the validation or delegation rewarded
 * @returns the transaction
 * @example rewardValidatorTx(validatorTxId)
 */
export function rewardValidatorTx(stakerTxId: string): BuiltTx {
  const tx = fromFields('P', TypeSymbols.RewardValidatorTx, cb58Decode(stakerTxId));
  return { txType: 'RewardValidatorTx', ...encodeSignedTx(tx, [], 'P') };
}

/**
 * A pseudo-random earlier transaction ID for funding inputs the demo does not track.
 * @param rng random stream
 * @returns cb58 ID
 * @example randomTxId(rng)
 */
export function randomTxId(rng: Random): string {
  return cb58Encode(rng.bytes(32));
}

function stakeInputs(ctx: TxContext, stake: Output[], inputs: Input[]): Input[] {
  const needed = stake.reduce((sum, o) => sum + o.amount, 0n) + 1_000_000n;
  const covered = inputs.reduce((sum, i) => sum + i.amount, 0n);
  if (covered >= needed) return inputs;
  return [...inputs, { txId: randomTxId(ctx.rng), outputIndex: 0, assetId: ctx.avaxAssetId, amount: needed - covered }];
}
