import { ArgsType, Field, InputType, registerEnumType } from 'type-graphql';

/** The type of an export request: the variant of the official request (EVMOperationType, PrimaryNetworkOperationType). */
export enum TransactionExportType {
  TRANSACTION_EXPORT_EVM = 'TRANSACTION_EXPORT_EVM',
  TRANSACTION_EXPORT_PRIMARY_NETWORK = 'TRANSACTION_EXPORT_PRIMARY_NETWORK',
  TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING = 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
  TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE = 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
}
registerEnumType(TransactionExportType, {
  name: 'TransactionExportType',
  description: 'TRANSACTION_EXPORT_EVM, or a primary-network export.',
});

/**
 * What an export covers: the members of the two official options objects (EvmNetworkOptions,
 * PrimaryNetworkOptions) in one input; each type takes its own and refuses the other's.
 */
@InputType({
  description:
    'TRANSACTION_EXPORT_EVM: addresses (EVM) and includeChains (EVM chain IDs); the primary-network types: addresses (bech32), cChainEvmAddresses and includeChains (p-chain, x-chain, c-chain or their blockchain IDs).',
})
export class TransactionExportOptionsInput {
  @Field(() => [String], {
    nullable: true,
    description: 'The addresses whose transactions to export (at most 64): EVM addresses, or bech32 addresses.',
  })
  addresses?: string[];

  @Field(() => [String], {
    nullable: true,
    description: 'Primary network: 0x addresses whose C-Chain atomic transactions to export.',
  })
  cChainEvmAddresses?: string[];

  @Field(() => [String], {
    description: 'The chains: EVM chain IDs (`43114`), or p-chain, x-chain, c-chain (or their blockchain IDs).',
  })
  includeChains!: string[];
}

/** postTransactionExportJob: the official oneOf of two requests, as one request holding every member. */
@ArgsType()
export class PostTransactionExportJobArgs {
  @Field(() => TransactionExportType, { description: 'What to export.' })
  type!: TransactionExportType;

  @Field({ nullable: true, description: 'The first day (UTC, YYYY-MM-DD, inclusive); from genesis when omitted.' })
  firstDate?: string;

  @Field({ nullable: true, description: 'The last day (UTC, YYYY-MM-DD, inclusive); today when omitted.' })
  lastDate?: string;

  @Field({ nullable: true, description: 'Deprecated: firstDate.' })
  startDate?: string;

  @Field({ nullable: true, description: 'Deprecated: lastDate.' })
  endDate?: string;

  @Field(() => TransactionExportOptionsInput, { description: 'The addresses and chains.' })
  options!: TransactionExportOptionsInput;
}

/** getOperationResult. */
@ArgsType()
export class OperationIdArgs {
  @Field({ description: 'UUID of given operation' }) operationId!: string;
}
