import { createUnionType, Field, ObjectType, registerEnumType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { PrimaryNetworkAssetAmount, PrimaryNetworkChainInfo } from './primaryAsset.type';
import { Utxo } from './utxo.type';

/** The type of a C-Chain ImportTx (official `CChainImportTransaction.txType`). */
export enum CChainImportTransactionType {
  ImportTx = 'ImportTx',
}

/** The type of a C-Chain ExportTx (official `CChainExportTransaction.txType`). */
export enum CChainExportTransactionType {
  ExportTx = 'ExportTx',
}

registerEnumType(CChainImportTransactionType, { name: 'CChainImportTransactionType', description: 'ImportTx.' });
registerEnumType(CChainExportTransactionType, { name: 'CChainExportTransactionType', description: 'ExportTx.' });

/** A signature of a transaction's credentials (official `UtxoCredential`). */
@ObjectType('UtxoCredential', { simpleResolvers: true })
export class UtxoCredential {
  @Field({ nullable: true }) signature?: string;
  @Field({ nullable: true }) publicKey?: string;
}

/** An account an ExportTx debits (official `EVMInput`). */
@ObjectType('EVMInput', { simpleResolvers: true })
export class EvmInput {
  @Field({ description: 'The 0x address debited, lower case.' }) fromAddress!: string;
  @Field(() => PrimaryNetworkAssetAmount, { description: 'The asset and amount debited (nAVAX for AVAX).' })
  asset!: PrimaryNetworkAssetAmount;
  @Field(() => [UtxoCredential], { description: 'Always empty: credentials are not served (see the API decisions).' })
  credentials!: UtxoCredential[];
}

/** An account an ImportTx credits (official `EVMOutput`). */
@ObjectType('EVMOutput', { simpleResolvers: true })
export class EvmOutput {
  @Field({ description: 'The 0x address credited, lower case.' }) toAddress!: string;
  @Field(() => PrimaryNetworkAssetAmount, { description: 'The asset and amount credited (nAVAX for AVAX).' })
  asset!: PrimaryNetworkAssetAmount;
}

/** What both C-Chain atomic transaction shapes answer. */
@ObjectType({ simpleResolvers: true })
class CChainAtomicTransactionBase {
  @Field() txHash!: string;
  @Field(() => SafeInt, { description: 'Height of the C-Chain block holding it.' }) blockHeight!: number;
  @Field({ description: 'Hash of the C-Chain block holding it, 0x hex.' }) blockHash!: string;
  @Field(() => SafeInt, { description: "The block's time, Unix seconds." }) timestamp!: number;
  @Field({ description: 'Always 0x: atomic transactions have no memo.' }) memo!: string;
  @Field(() => [PrimaryNetworkAssetAmount], { description: 'What its inputs unlock, per asset.' })
  amountUnlocked!: PrimaryNetworkAssetAmount[];
  @Field(() => [PrimaryNetworkAssetAmount], { description: 'What its outputs create, per asset.' })
  amountCreated!: PrimaryNetworkAssetAmount[];
  @Field({ description: 'The exporting chain (an ExportTx: the C-Chain).' }) sourceChain!: string;
  @Field({ description: 'The importing chain (an ImportTx: the C-Chain).' }) destinationChain!: string;
}

/** A C-Chain ImportTx (official `CChainImportTransaction`). */
@ObjectType('CChainImportTransaction', { simpleResolvers: true })
export class CChainImportTransaction extends CChainAtomicTransactionBase {
  @Field(() => CChainImportTransactionType) txType!: CChainImportTransactionType;
  @Field(() => [EvmOutput]) evmOutputs!: EvmOutput[];
  @Field(() => [Utxo], { description: "The UTXOs of the C-Chain's shared memory it consumes." })
  consumedUtxos!: Utxo[];
}

/** A C-Chain ExportTx (official `CChainExportTransaction`). */
@ObjectType('CChainExportTransaction', { simpleResolvers: true })
export class CChainExportTransaction extends CChainAtomicTransactionBase {
  @Field(() => CChainExportTransactionType) txType!: CChainExportTransactionType;
  @Field(() => [EvmInput]) evmInputs!: EvmInput[];
  @Field(() => [Utxo], { description: "The UTXOs it puts into the destination chain's shared memory." })
  emittedUtxos!: Utxo[];
}

/** A C-Chain atomic transaction of either kind. */
export type CChainAtomicTransaction = CChainImportTransaction | CChainExportTransaction;

/** @example resolveCChainTransactionType({ txType: 'ImportTx' }) // 'CChainImportTransaction' */
export function resolveCChainTransactionType(value: { txType: string }): string {
  return value.txType === 'ImportTx' ? 'CChainImportTransaction' : 'CChainExportTransaction';
}

/** A C-Chain atomic transaction, import or export. */
export const CChainAtomicTransactionUnion = createUnionType({
  name: 'CChainAtomicTransaction',
  types: () => [CChainExportTransaction, CChainImportTransaction] as const,
  resolveType: resolveCChainTransactionType,
});

/** A page of C-Chain atomic transactions (official `ListCChainAtomicTransactionsResponse`). */
@ObjectType('ListCChainAtomicTransactionsResponse', { simpleResolvers: true })
export class ListCChainAtomicTransactionsResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [CChainAtomicTransactionUnion]) transactions!: CChainAtomicTransaction[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}
