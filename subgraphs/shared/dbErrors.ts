import { describeDbError } from '../../prisma/describeDbError';
import { ApiError, BadRequestError } from './errors';

/** Prisma error codes that mean the request's values do not fit the database. */
const prismaBadInput = new Set(['P2000', 'P2006', 'P2007', 'P2019', 'P2020', 'P2033']);
/** Prisma error codes that mean the database is unreachable or overloaded. */
const prismaUnavailable = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2034', 'P2037']);
/** Driver adapter error kinds with the same meanings. */
const adapterBadInput = new Set(['ValueOutOfRange', 'InvalidInputValue', 'LengthMismatch']);
const adapterUnavailable = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TlsConnectionError',
  'TooManyConnections',
  'TransactionWriteConflict',
]);
const nodeUnavailable = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * The client-facing error of a database failure, or undefined when the error is not one (then it
 * stays an internal error). Read for Prisma queries, raw SQL and both engines
 * (prisma/describeDbError.ts): values the database refuses (SQLSTATE class 22: out of range,
 * malformed) are the client's 400; a cancelled statement (57014, statement timeout), a lost or
 * refused connection (class 08, 53, 57P0x) and a replica's statement cancelled by the WAL it
 * replays (40001) are 503, the service's momentary state. Messages never carry the driver's text,
 * which names tables and columns.
 *
 * @param error what a query threw
 * @returns a 400 or 503 ApiError, or undefined
 * @example throw parseDbError(error) ?? error
 */
export function parseDbError(error: unknown): ApiError | undefined {
  const { prismaCode, sqlState, kind, nodeCode } = describeDbError(error);
  if (sqlState === '57014')
    return new ApiError(503, 'The query took too long and was cancelled; narrow the request or try again later');
  if (
    (sqlState && /^22/.test(sqlState)) ||
    (prismaCode && prismaBadInput.has(prismaCode)) ||
    (kind && adapterBadInput.has(kind))
  ) {
    return new BadRequestError('A parameter value is out of range or malformed for this service');
  }
  if (
    (sqlState && /^(08|53|57P0|40001)/.test(sqlState)) ||
    (prismaCode && prismaUnavailable.has(prismaCode)) ||
    (kind && adapterUnavailable.has(kind)) ||
    (nodeCode && nodeUnavailable.has(nodeCode))
  ) {
    return new ApiError(503, 'The database is unavailable; try again later');
  }
  return undefined;
}
