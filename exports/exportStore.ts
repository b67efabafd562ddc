// What the export operations need from the process that serves them.
import type { Database } from '../prisma/database';

/** The export operations' settings (TRANSACTION_EXPORT_* options). */
export type ExportOptions = {
  /** Where download links point: the service's origin as its clients reach it (TRANSACTION_EXPORT_BASE_URL). */
  downloadBaseUrl: string;
};

/** The database and settings of the export operations. */
export type ExportStore = {
  /** Reads and writes: Database.query, Database.transaction. */
  db: Pick<Database, 'query' | 'transaction'>;
  options: ExportOptions;
  /** "Now", to the millisecond: a job's createdAt, and whether it has expired. */
  now: () => Date;
  /** Called after a job is recorded: wakes this process's worker. */
  onCreated?: () => void;
};
