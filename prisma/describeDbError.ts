// The codes on a database error, read in one place for Prisma queries (with the pg driver adapter),
// raw `pg` statements and PGlite: what the API's error answers (subgraphs/shared/dbErrors.ts) and the
// read replicas' failure detection (replicas/openReadReplicas.ts) decide on.

/** The codes an error carries, whichever layer threw it. */
export type DbErrorCodes = {
  /** Prisma's own code, `P2024`. */
  prismaCode?: string;
  /** PostgreSQL's SQLSTATE, `57014`. */
  sqlState?: string;
  /** The driver adapter's error kind, `DatabaseNotReachable`. */
  kind?: string;
  /** Node's socket error code, `ECONNREFUSED`. */
  nodeCode?: string;
};

type AdapterCause = { kind?: string; originalCode?: string; code?: string };

/**
 * Reads the codes Prisma (with a driver adapter), pg and PGlite put on their errors.
 * @param error what a statement threw
 * @returns its codes; none for a value that is not a database error
 * @example describeDbError(error).sqlState === '57014'
 */
export function describeDbError(error: unknown): DbErrorCodes {
  if (typeof error !== 'object' || error === null) return {};
  const e = error as {
    name?: string;
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: AdapterCause } };
    cause?: AdapterCause;
  };
  const cause = e.meta?.driverAdapterError?.cause ?? (e.name === 'DriverAdapterError' ? e.cause : undefined);
  const code = typeof e.code === 'string' ? e.code : undefined;
  const prismaCode = code && /^P\d{4}$/.test(code) ? code : undefined;
  return {
    prismaCode,
    // pg and PGlite errors carry the SQLSTATE as `code`; adapter errors as `originalCode`.
    sqlState:
      cause?.originalCode ?? cause?.code ?? (!prismaCode && code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined),
    kind: cause?.kind,
    nodeCode: code && /^E[A-Z]+$/.test(code) ? code : undefined,
  };
}

const lostPrisma = new Set(['P1001', 'P1002', 'P1017']);
const lostKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TlsConnectionError']);
const lostSockets = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * Whether an error means the server could not be reached or the connection was lost (SQLSTATE
 * class 08, a server shutting down or starting, a refused or reset socket), not that the statement
 * failed on a server that is up.
 * @example isConnectionLost(error) // true for ECONNREFUSED
 */
export function isConnectionLost(error: unknown): boolean {
  const { prismaCode, sqlState, kind, nodeCode } = describeDbError(error);
  if (sqlState) return /^(08|57P0)/.test(sqlState);
  return (
    (prismaCode !== undefined && lostPrisma.has(prismaCode)) ||
    (kind !== undefined && lostKinds.has(kind)) ||
    (nodeCode !== undefined && lostSockets.has(nodeCode)) ||
    // pg rejects a statement of a connection the server closed with a plain Error.
    (error instanceof Error && /^Connection terminated/.test(error.message))
  );
}
