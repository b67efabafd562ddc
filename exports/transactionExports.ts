// postTransactionExportJob and getOperationResult: a job is recorded and answered at once; a worker
// (createExportWorker.ts) builds it.
import { randomUUID } from 'node:crypto';
import { ExportNotFoundError, ExportRuleError } from './exportErrors';
import type { ExportOperationType, ExportRequest } from './exportRequest';
import { operationStatusResponse, type ExportRow, type OperationStatusResponse } from './exportResponse';
import type { ExportStore } from './exportStore';

/** The columns of a job an answer reads. */
export const exportColumns =
  'id, operation_type, status, message, code, next_date, download_token, created_at, updated_at';

/** A UUID in any case, as the path parameter takes it. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records an export of the caller's key, RUNNING, for a worker to build.
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param operationType the official type of the request
 * @param request the checked request
 * @returns the job as getOperationResult answers it
 * @example await createTransactionExport(store, 'key_…', 'TRANSACTION_EXPORT_EVM', request)
 */
export async function createTransactionExport(
  store: ExportStore,
  ownerKeyId: string,
  operationType: ExportOperationType,
  request: ExportRequest,
): Promise<OperationStatusResponse> {
  const now = store.now();
  const [row] = await store.db.query<ExportRow>(
    `INSERT INTO transaction_export (id, owner_key_id, operation_type, request, status, message, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, 'RUNNING', 'waiting for a worker', $5, $5)
     RETURNING ${exportColumns}`,
    [randomUUID(), ownerKeyId, operationType, JSON.stringify(request), now],
  );
  return operationStatusResponse(row!, store.options.downloadBaseUrl);
}

/**
 * An export of the caller's key, by ID, unless it has expired.
 * @param store the database and options
 * @param ownerKeyId the caller's key ID
 * @param id the operation ID
 * @returns the job as getOperationResult answers it
 * @throws ExportRuleError (400) for an ID that is no UUID; ExportNotFoundError (404) for another key's job, an expired or unknown one
 * @example await getTransactionExport(store, 'key_…', operationId)
 */
export async function getTransactionExport(
  store: ExportStore,
  ownerKeyId: string,
  id: string,
): Promise<OperationStatusResponse> {
  if (!uuidPattern.test(id))
    throw new ExportRuleError(`path parameter operationId must be a UUID, not ${JSON.stringify(id)}`);
  const [row] = await store.db.query<ExportRow>(
    `SELECT ${exportColumns} FROM transaction_export
      WHERE id = $1 AND owner_key_id = $2 AND (expires_at IS NULL OR expires_at > $3)`,
    [id.toLowerCase(), ownerKeyId, store.now()],
  );
  if (!row) throw new ExportNotFoundError(id);
  return operationStatusResponse(row, store.options.downloadBaseUrl);
}
