import { createUnionType, Directive, Field, ObjectType, registerEnumType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { PrimaryNetworkAssetAmount, PrimaryNetworkChainInfo } from './primaryAsset.type';
import { L1ValidatorManagerDetails, SubnetOwnershipInfo } from './subnet.type';
import { PChainUtxo, Utxo } from './utxo.type';
import { BlsCredentials } from './validator.type';
import { XChainAssetDetails } from './network.type';
import {
  CChainExportTransaction,
  CChainImportTransaction,
  ListCChainAtomicTransactionsResponse,
  resolveCChainTransactionType,
  type CChainAtomicTransaction,
} from './cChainTransaction.type';

/** A P-Chain transaction's type (official `PChainTransactionType`). */
export enum PChainTransactionType {
  AddValidatorTx = 'AddValidatorTx',
  AddSubnetValidatorTx = 'AddSubnetValidatorTx',
  AddDelegatorTx = 'AddDelegatorTx',
  CreateChainTx = 'CreateChainTx',
  CreateSubnetTx = 'CreateSubnetTx',
  ImportTx = 'ImportTx',
  ExportTx = 'ExportTx',
  AdvanceTimeTx = 'AdvanceTimeTx',
  RewardValidatorTx = 'RewardValidatorTx',
  RemoveSubnetValidatorTx = 'RemoveSubnetValidatorTx',
  TransformSubnetTx = 'TransformSubnetTx',
  AddPermissionlessValidatorTx = 'AddPermissionlessValidatorTx',
  AddPermissionlessDelegatorTx = 'AddPermissionlessDelegatorTx',
  BaseTx = 'BaseTx',
  TransferSubnetOwnershipTx = 'TransferSubnetOwnershipTx',
  ConvertSubnetToL1Tx = 'ConvertSubnetToL1Tx',
  RegisterL1ValidatorTx = 'RegisterL1ValidatorTx',
  SetL1ValidatorWeightTx = 'SetL1ValidatorWeightTx',
  DisableL1ValidatorTx = 'DisableL1ValidatorTx',
  IncreaseL1ValidatorBalanceTx = 'IncreaseL1ValidatorBalanceTx',
  UNKNOWN = 'UNKNOWN',
}

registerEnumType(PChainTransactionType, { name: 'PChainTransactionType', description: 'A P-Chain transaction type.' });

/** `txTypes` of the transaction lists (official `PrimaryNetworkTxType`): the P-Chain's types, then the X-Chain's own. */
export const PrimaryNetworkTxType = {
  ...PChainTransactionType,
  CreateAssetTx: 'CreateAssetTx',
  OperationTx: 'OperationTx',
} as const;
/** A value of {@link PrimaryNetworkTxType}. */
export type PrimaryNetworkTxType = (typeof PrimaryNetworkTxType)[keyof typeof PrimaryNetworkTxType];

registerEnumType(PrimaryNetworkTxType, {
  name: 'PrimaryNetworkTxType',
  description: 'A P- or X-Chain transaction type, as the node names it.',
});

/** An X-Chain transaction's type (official `XChainTransactionType`). */
export enum XChainTransactionType {
  BaseTx = 'BaseTx',
  CreateAssetTx = 'CreateAssetTx',
  OperationTx = 'OperationTx',
  ImportTx = 'ImportTx',
  ExportTx = 'ExportTx',
  UNKNOWN = 'UNKNOWN',
}

registerEnumType(XChainTransactionType, { name: 'XChainTransactionType', description: 'An X-Chain transaction type.' });

/** An L1 validation a transaction registers or changes (official `L1ValidatorDetailsTransaction`). */
@ObjectType('L1ValidatorDetailsTransaction', { simpleResolvers: true })
export class L1ValidatorDetailsTransaction {
  @Field() validationId!: string;
  @Field({ description: 'The validation ID, 0x hex.' }) validationIdHex!: string;
  @Field() nodeId!: string;
  @Field() subnetId!: string;
  @Field(() => SafeInt) weight!: number;
  @Field(() => SafeInt, { description: 'Balance left for the continuous fee, nAVAX, as indexed now.' })
  remainingBalance!: number;
  @Field(() => SafeInt, { nullable: true, description: 'Balance this transaction adds, nAVAX.' })
  balanceChange?: number;
}

/** The chain a CreateChainTx creates (official `BlockchainInfo`; genesis data left out, see the API decisions). */
@ObjectType('BlockchainInfo', { simpleResolvers: true })
export class BlockchainInfo {
  @Field() chainName!: string;
  @Field() vmId!: string;
}

/** A P-Chain transaction (official `PChainTransaction`). */
@ObjectType('PChainTransaction', { simpleResolvers: true })
export class PChainTransaction {
  @Field() txHash!: string;
  @Field(() => PChainTransactionType) txType!: PChainTransactionType;
  @Field(() => SafeInt) blockTimestamp!: number;
  @Field() blockNumber!: string;
  @Field() blockHash!: string;
  @Field(() => [PChainUtxo]) consumedUtxos!: PChainUtxo[];
  @Field(() => [PChainUtxo]) emittedUtxos!: PChainUtxo[];
  @Field({ nullable: true }) sourceChain?: string;
  @Field({ nullable: true }) destinationChain?: string;
  @Field(() => [PrimaryNetworkAssetAmount], { description: 'Assets of the emitted UTXOs.' })
  value!: PrimaryNetworkAssetAmount[];
  @Field(() => [PrimaryNetworkAssetAmount], { description: 'Inputs less outputs, stake and L1 balances: the fee.' })
  amountBurned!: PrimaryNetworkAssetAmount[];
  @Field(() => [PrimaryNetworkAssetAmount]) amountStaked!: PrimaryNetworkAssetAmount[];
  @Field(() => [PrimaryNetworkAssetAmount]) amountL1ValidatorBalanceBurned!: PrimaryNetworkAssetAmount[];
  @Field(() => SafeInt, { nullable: true }) startTimestamp?: number;
  @Field(() => SafeInt, { nullable: true }) endTimestamp?: number;
  @Field({ nullable: true }) delegationFeePercent?: string;
  @Field({ nullable: true }) nodeId?: string;
  @Field({ nullable: true }) subnetId?: string;
  @Field(() => L1ValidatorManagerDetails, { nullable: true }) l1ValidatorManagerDetails?: L1ValidatorManagerDetails;
  @Field(() => [L1ValidatorDetailsTransaction], { nullable: true })
  l1ValidatorDetails?: L1ValidatorDetailsTransaction[];
  @Field({ nullable: true }) estimatedReward?: string;
  @Field({ nullable: true }) rewardTxHash?: string;
  @Field(() => [String], { nullable: true }) rewardAddresses?: string[];
  @Field({ nullable: true, description: '0x hex.' }) memo?: string;
  @Field({ nullable: true }) stakingTxHash?: string;
  @Field(() => SubnetOwnershipInfo, { nullable: true }) subnetOwnershipInfo?: SubnetOwnershipInfo;
  @Field(() => BlsCredentials, { nullable: true }) blsCredentials?: BlsCredentials;
  @Field(() => BlockchainInfo, { nullable: true }) blockchainInfo?: BlockchainInfo;
}

/** An X-Chain vertex holding a transaction (official `TransactionVertexDetail`). */
@ObjectType('TransactionVertexDetail', { simpleResolvers: true })
export class TransactionVertexDetail {
  @Field() hash!: string;
  @Field(() => SafeInt) height!: number;
  @Field(() => SafeInt) timestamp!: number;
}

/** What both X-Chain transaction shapes answer. */
@ObjectType({ simpleResolvers: true })
class XChainTransactionBase {
  @Field() txHash!: string;
  @Field({ description: 'linear (in a block) or non-linear (in a vertex).' })
  @Directive('@rest(enum: ["non-linear", "linear"])')
  chainFormat!: string;
  @Field(() => SafeInt) timestamp!: number;
  @Field(() => XChainTransactionType) txType!: XChainTransactionType;
  @Field({ description: '0x hex.' }) memo!: string;
  @Field(() => [Utxo]) consumedUtxos!: Utxo[];
  @Field(() => [Utxo]) emittedUtxos!: Utxo[];
  @Field(() => [PrimaryNetworkAssetAmount]) amountUnlocked!: PrimaryNetworkAssetAmount[];
  @Field(() => [PrimaryNetworkAssetAmount]) amountCreated!: PrimaryNetworkAssetAmount[];
  @Field({ nullable: true }) sourceChain?: string;
  @Field({ nullable: true }) destinationChain?: string;
  @Field(() => XChainAssetDetails, { nullable: true }) assetCreated?: XChainAssetDetails;
}

/** An X-Chain transaction in a block (official `XChainLinearTransaction`). */
@ObjectType('XChainLinearTransaction', { simpleResolvers: true })
export class XChainLinearTransaction extends XChainTransactionBase {
  @Field(() => SafeInt) blockHeight!: number;
  @Field() blockHash!: string;
}

/** An X-Chain transaction in a vertex, before linearization (official `XChainNonLinearTransaction`). */
@ObjectType('XChainNonLinearTransaction', { simpleResolvers: true })
export class XChainNonLinearTransaction extends XChainTransactionBase {
  @Field(() => [TransactionVertexDetail]) vertices!: TransactionVertexDetail[];
}

/** An X-Chain transaction of either shape. */
export type XChainTransaction = XChainLinearTransaction | XChainNonLinearTransaction;

/** @example resolveXChainTransactionType({ chainFormat: 'linear' }) // 'XChainLinearTransaction' */
export function resolveXChainTransactionType(value: { chainFormat: string }): string {
  return value.chainFormat === 'linear' ? 'XChainLinearTransaction' : 'XChainNonLinearTransaction';
}

/** An X-Chain transaction, linear or not. */
export const XChainTransactionUnion = createUnionType({
  name: 'XChainTransaction',
  types: () => [XChainNonLinearTransaction, XChainLinearTransaction] as const,
  resolveType: resolveXChainTransactionType,
});

/** A P-, X- or C-Chain transaction in the shape of its chain (getTxByHash). */
export const PrimaryNetworkTransaction = createUnionType({
  name: 'PrimaryNetworkTransaction',
  // sofa's operation builder aliases a member whose type differs from the previous variant's only, so a
  // variant that shares a member's type with the one before it answers it unaliased, which GraphQL merges
  // with the first variant's: every variant here differs from the one before it where it differs from the
  // first (memo, the UTXO lists, sourceChain and destinationChain, txType).
  types: () =>
    [
      XChainNonLinearTransaction,
      CChainExportTransaction,
      PChainTransaction,
      CChainImportTransaction,
      XChainLinearTransaction,
    ] as const,
  resolveType: resolvePrimaryNetworkTransactionType,
});

/** @example resolvePrimaryNetworkTransactionType({ txHash, txType: 'BaseTx', blockNumber: '1' }) // 'PChainTransaction' */
export function resolvePrimaryNetworkTransactionType(value: object): string {
  if ('evmInputs' in value || 'evmOutputs' in value)
    return resolveCChainTransactionType(value as unknown as { txType: string });
  return 'chainFormat' in value ? resolveXChainTransactionType(value as { chainFormat: string }) : 'PChainTransaction';
}

/** A value of {@link PrimaryNetworkTransaction}. */
export type PrimaryNetworkTransaction = PChainTransaction | XChainTransaction | CChainAtomicTransaction;

/** A page of P-Chain transactions. */
@ObjectType('ListPChainTransactionsResponse', { simpleResolvers: true })
export class ListPChainTransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [PChainTransaction]) transactions!: PChainTransaction[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

/** A page of X-Chain transactions. */
@ObjectType('ListXChainTransactionsResponse', { simpleResolvers: true })
export class ListXChainTransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [XChainTransactionUnion]) transactions!: XChainTransaction[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

/** A page of transactions in the shape of their chain (the official `oneOf`). */
export const ListPrimaryNetworkTransactionsResponse = createUnionType({
  name: 'ListPrimaryNetworkTransactionsResponse',
  types: () =>
    [ListPChainTransactionsResponse, ListXChainTransactionsResponse, ListCChainAtomicTransactionsResponse] as const,
  resolveType: resolveTransactionsType,
});

/** @example resolveTransactionsType({ chainInfo: { chainName: 'p-chain' } }) // 'ListPChainTransactionsResponse' */
export function resolveTransactionsType(value: { chainInfo: { chainName: string } }): string {
  const name = value.chainInfo.chainName;
  if (name === 'c-chain') return 'ListCChainAtomicTransactionsResponse';
  return name === 'p-chain' ? 'ListPChainTransactionsResponse' : 'ListXChainTransactionsResponse';
}

/** A value of {@link ListPrimaryNetworkTransactionsResponse}. */
export type ListPrimaryNetworkTransactionsResponse =
  | ListPChainTransactionsResponse
  | ListXChainTransactionsResponse
  | ListCChainAtomicTransactionsResponse;
