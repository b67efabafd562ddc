import { Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { ExportStore } from '../../../exports/exportStore';
import type { OperationStatusResponse as Answer } from '../../../exports/exportResponse';
import { createTransactionExport, getTransactionExport } from '../../../exports/transactionExports';
import { apiKeyRequiredMessage } from '../../../shared/apiKeyRequired';
import { ApiError } from '../../shared/errors';
import type { EvmContext } from '../context';
import { checkExportRequest } from '../exports/checkExportRequest';
import { OperationIdArgs, PostTransactionExportJobArgs } from '../types/transactionExport.args';
import { OperationStatusResponse } from '../types/transactionExport.type';

/** The caller's key ID: an export belongs to the key that asked for it (401 without one). */
function callerKeyId(context: EvmContext): string {
  if (!context.caller) throw new ApiError(401, apiKeyRequiredMessage);
  return context.caller.keyId;
}

/** The export store of the process (503 where the process serves no exports). */
function storeOf(context: EvmContext): ExportStore {
  if (!context.exports) throw new ApiError(503, 'transaction exports are not served by this process');
  return context.exports;
}

/** Transaction exports of the caller's API key: the two operations of the official Operations tag. */
@Resolver()
export class TransactionExportResolver {
  @Mutation(() => OperationStatusResponse, {
    description:
      'Records an export of the transactions of addresses over days, RUNNING; a worker builds the CSV in the background. Poll getOperationResult with the operationId for its status and download link.',
  })
  async postTransactionExportJob(
    @Args() args: PostTransactionExportJobArgs,
    @Ctx() context: EvmContext,
  ): Promise<Answer> {
    const owner = callerKeyId(context);
    const store = storeOf(context);
    const { operationType, request } = await checkExportRequest(context.prisma, args, store.now());
    const answer = await createTransactionExport(store, owner, operationType, request);
    store.onCreated?.();
    return answer;
  }

  @Query(() => OperationStatusResponse, {
    description:
      'An export of the caller’s API key: its status and progress, and once built the link to its CSV, until it expires.',
  })
  getOperationResult(@Args() args: OperationIdArgs, @Ctx() context: EvmContext): Promise<Answer> {
    const owner = callerKeyId(context);
    return getTransactionExport(storeOf(context), owner, args.operationId);
  }
}
