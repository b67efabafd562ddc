// A job as getOperationResult answers it (the official OperationStatusResponse).
import type { ExportOperationType } from './exportRequest';

/** The official OperationStatus. */
export type OperationStatus = 'RUNNING' | 'COMPLETED' | 'COMPLETED_WITH_WARNING' | 'FAILED';
/** The official OperationStatusCode. */
export type OperationStatusCode = 'ErrInvalidRequest' | 'ErrInternal' | 'WarnTruncatedExport';

/** A job's row as the store reads it. */
export type ExportRow = {
  id: string;
  operation_type: string;
  status: string;
  message: string;
  code: string | null;
  next_date: string | null;
  download_token: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The official TransactionExportMetadata. */
export type TransactionExportMetadata = { code?: OperationStatusCode; downloadUrl?: string; nextDate?: string };

/** The official OperationStatusResponse. */
export type OperationStatusResponse = {
  operationId: string;
  operationType: ExportOperationType;
  operationStatus: OperationStatus;
  message: string;
  metadata?: TransactionExportMetadata;
  /** Unix seconds. */
  createdAtTimestamp: number;
  /** Unix seconds. */
  updatedAtTimestamp: number;
};

/**
 * The download link of a finished job's file: a capability, like a presigned URL (no API key needed).
 * @param baseUrl the service's origin (TRANSACTION_EXPORT_BASE_URL)
 * @example downloadUrl('http://localhost:8080', id, token) // http://localhost:8080/exports/<id>.csv?token=…
 */
export function downloadUrl(baseUrl: string, id: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/exports/${id}.csv?token=${token}`;
}

/**
 * The answer for a job's row.
 * @param row the row
 * @param baseUrl the service's origin, for the download link
 * @returns the OperationStatusResponse
 * @example operationStatusResponse(row, options.downloadBaseUrl)
 */
export function operationStatusResponse(row: ExportRow, baseUrl: string): OperationStatusResponse {
  const metadata: TransactionExportMetadata = {};
  if (row.code) metadata.code = row.code as OperationStatusCode;
  if (row.download_token) metadata.downloadUrl = downloadUrl(baseUrl, row.id, row.download_token);
  if (row.next_date) metadata.nextDate = row.next_date;
  return {
    operationId: row.id,
    operationType: row.operation_type as ExportOperationType,
    operationStatus: row.status as OperationStatus,
    message: row.message,
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    createdAtTimestamp: Math.floor(row.created_at.getTime() / 1000),
    updatedAtTimestamp: Math.floor(row.updated_at.getTime() / 1000),
  };
}
