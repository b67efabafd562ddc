import { Field, Float, ObjectType, registerEnumType } from 'type-graphql';
import { exportOperationTypes } from '../../../exports/exportRequest';

/** An enum of GraphQL whose values are the official strings themselves. */
function stringEnum<const Values extends readonly string[]>(values: Values): { [K in Values[number]]: K } {
  return Object.fromEntries(values.map((value) => [value, value])) as { [K in Values[number]]: K };
}

/** The official OperationType. */
export const OperationType = stringEnum(exportOperationTypes);
registerEnumType(OperationType, {
  name: 'OperationType',
  description:
    'TRANSACTION_EXPORT_EVM, or TRANSACTION_EXPORT_PRIMARY_NETWORK, _STAKING (the P-Chain staking transactions) or _SIMPLE.',
});

/** The official OperationStatus. */
export const OperationStatus = stringEnum(['RUNNING', 'COMPLETED', 'COMPLETED_WITH_WARNING', 'FAILED'] as const);
registerEnumType(OperationStatus, {
  name: 'OperationStatus',
  description:
    'RUNNING until a worker has built it; COMPLETED, COMPLETED_WITH_WARNING (truncated: see metadata.nextDate) or FAILED.',
});

/** The official OperationStatusCode. */
export const OperationStatusCode = stringEnum(['ErrInvalidRequest', 'ErrInternal', 'WarnTruncatedExport'] as const);
registerEnumType(OperationStatusCode, {
  name: 'OperationStatusCode',
  description: 'Why an operation failed (ErrInvalidRequest, ErrInternal) or was truncated (WarnTruncatedExport).',
});

/** The official TransactionExportMetadata. */
@ObjectType({ simpleResolvers: true })
export class TransactionExportMetadata {
  @Field(() => OperationStatusCode, { nullable: true }) code?: string;
  @Field({
    nullable: true,
    description:
      'File download URL. Provided only for COMPLETED and COMPLETED_WITH_WARNING operations: the CSV, for whoever holds the link, until the operation expires.',
  })
  downloadUrl?: string;
  @Field({
    nullable: true,
    description:
      "The next date (YYYY-MM-DD) to use as the firstDate in follow up requests if a request results in a transaction history exceeding the max size and has been reported as `COMPLETED_WITH_WARNING` with the warning 'WarnTruncatedExport'.",
  })
  nextDate?: string;
}

/** The official OperationStatusResponse. */
@ObjectType({ simpleResolvers: true })
export class OperationStatusResponse {
  @Field({ description: 'The operation ID (a UUID).' }) operationId!: string;
  @Field(() => OperationType) operationType!: string;
  @Field(() => OperationStatus) operationStatus!: string;
  @Field({ description: 'What the operation is doing or did: its progress while RUNNING.' }) message!: string;
  @Field(() => TransactionExportMetadata, { nullable: true }) metadata?: TransactionExportMetadata;
  @Field(() => Float, { description: 'When it was requested, Unix seconds.' }) createdAtTimestamp!: number;
  @Field(() => Float, { description: 'When it last changed (progress, status), Unix seconds.' })
  updatedAtTimestamp!: number;
}
