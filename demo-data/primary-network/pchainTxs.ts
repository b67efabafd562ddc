// Builders of the P-Chain transactions the demo stores, one per kind, on top of txCodec. Funding
// inputs spend pseudo-random earlier outputs: only the outputs the demo tracks as UTXOs are real.
import { concatBytes, fromHex, lengthPrefixed, u32, u64 } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { PRIMARY_NETWORK_ID } from '../constants';
import type { Random } from '../random';
import {
  codecString,
  encodeAuth,
  encodeBaseTx,
  encodeOutput,
  encodeOwners,
  type BaseTx,
  type Input,
  type Output,
  type Owners,
  P_TYPES,
  signedTx,
  vector,
} from './txCodec';

/** A built transaction: its kind, ID and signed bytes. */
export type BuiltTx = { txType: string; txId: string; bytes: Uint8Array };

/** Context every builder needs: network, AVAX asset and a random stream for funding and signatures. */
export type TxContext = { networkId: number; avaxAssetId: string; rng: Random };

/** A validator as the staking transactions encode it. */
export type StakerFields = { nodeId: string; start: bigint; end: bigint; weight: bigint };

const nodeBytes = (nodeId: string) => cb58Decode(nodeId.replace(/^NodeID-/, ''));

/**
 * A BaseTx paying `fee` from one pseudo-random input, with optional extra outputs and inputs.
 * @param ctx network context
 * @param fee nAVAX burnt
 * @param extra outputs and inputs that matter to the demo (tracked UTXOs)
 * @returns BaseTx fields
 * @example fundedBase(ctx, 1_000_000n)
 */
export function fundedBase(ctx: TxContext, fee: bigint, extra: { outputs?: Output[]; inputs?: Input[]; blockchainId?: string } = {}): BaseTx {
  const outputs = extra.outputs ?? [];
  const inputs = [...(extra.inputs ?? [])];
  const spent = outputs.reduce((sum, o) => sum + o.amount, 0n);
  const covered = inputs.reduce((sum, i) => sum + i.amount, 0n);
  const missing = spent + fee - covered;
  if (missing > 0n) {
    inputs.push({ txId: randomTxId(ctx.rng), outputIndex: ctx.rng.int(0, 3), assetId: ctx.avaxAssetId, amount: missing });
  }
  return { networkId: ctx.networkId, blockchainId: extra.blockchainId ?? PRIMARY_NETWORK_ID, outputs, inputs };
}

/**
 * A signed transaction of `kind` with one credential per input plus `extraCredentials`.
 * @param ctx network context
 * @param kind type name as the node reports it, key of P_TYPES
 * @param base BaseTx fields
 * @param rest encoded fields after BaseTx
 * @param extraCredentials credentials for subnet or disable authorization
 * @returns the built transaction
 * @example buildTx(ctx, 'BaseTx', fundedBase(ctx, fee), new Uint8Array())
 */
export function buildTx(ctx: TxContext, kind: keyof typeof P_TYPES, base: BaseTx, rest: Uint8Array, extraCredentials = 0): BuiltTx {
  const signatures = Array.from({ length: base.inputs.length + extraCredentials }, () => ctx.rng.bytes(65));
  const { bytes, txId } = signedTx(P_TYPES[kind], concatBytes(encodeBaseTx(base), rest), signatures);
  return { txType: kind, txId, bytes };
}

const typedOwners = (owners: Owners) => concatBytes(u32(P_TYPES.OutputOwners), encodeOwners(owners));
const validatorFields = (v: StakerFields) => concatBytes(nodeBytes(v.nodeId), u64(v.start), u64(v.end), u64(v.weight));

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
  return buildTx(ctx, 'CreateSubnetTx', base, typedOwners(owners));
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
export function createChainTx(ctx: TxContext, subnetId: string, name: string, vmId: string, genesis: Uint8Array): BuiltTx {
  const rest = concatBytes(cb58Decode(subnetId), codecString(name), cb58Decode(vmId), vector([]), lengthPrefixed(genesis), encodeAuth());
  return buildTx(ctx, 'CreateChainTx', fundedBase(ctx, 1_000_000_000n), rest, 1);
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
  const rest = concatBytes(cb58Decode(subnetId), encodeAuth(), typedOwners(owners));
  return buildTx(ctx, 'TransferSubnetOwnershipTx', fundedBase(ctx, 1_000_000n), rest, 1);
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
  const signer = concatBytes(u32(P_TYPES.ProofOfPossession), fromHex(bls.publicKey), fromHex(bls.proofOfPossession));
  const rest = concatBytes(
    validatorFields(v),
    cb58Decode(PRIMARY_NETWORK_ID),
    signer,
    vector(stake.map(encodeOutput)),
    typedOwners(rewardOwners),
    typedOwners(rewardOwners),
    u32(sharesPpm),
  );
  return buildTx(ctx, 'AddPermissionlessValidatorTx', fundedBase(ctx, 0n, { inputs: stakeInputs(ctx, stake, inputs) }), rest);
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
export function addPermissionlessDelegatorTx(ctx: TxContext, v: StakerFields, stake: Output[], rewardOwners: Owners, inputs: Input[] = []): BuiltTx {
  const rest = concatBytes(validatorFields(v), cb58Decode(PRIMARY_NETWORK_ID), vector(stake.map(encodeOutput)), typedOwners(rewardOwners));
  return buildTx(ctx, 'AddPermissionlessDelegatorTx', fundedBase(ctx, 0n, { inputs: stakeInputs(ctx, stake, inputs) }), rest);
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
  const rest = concatBytes(validatorFields(v), cb58Decode(subnetId), encodeAuth());
  return buildTx(ctx, 'AddSubnetValidatorTx', fundedBase(ctx, 1_000_000n), rest, 1);
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
  const rest = concatBytes(nodeBytes(nodeId), cb58Decode(subnetId), encodeAuth());
  return buildTx(ctx, 'RemoveSubnetValidatorTx', fundedBase(ctx, 1_000_000n), rest, 1);
}

/**
 * RewardValidatorTx: only the staker transaction ID, no BaseTx and no credentials.
 * @param stakerTxId the validation or delegation rewarded
 * @returns the transaction
 * @example rewardValidatorTx(validatorTxId)
 */
export function rewardValidatorTx(stakerTxId: string): BuiltTx {
  const { bytes, txId } = signedTx(P_TYPES.RewardValidatorTx, cb58Decode(stakerTxId), []);
  return { txType: 'RewardValidatorTx', txId, bytes };
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
