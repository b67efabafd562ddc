// Which database errors mean the server was not reached or the connection was lost (a read
// replica is taken out on them), read the same from pg, the driver adapter and Prisma.
import { isConnectionLost } from '../../prisma/describeDbError';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const adapterError = (cause: object) => Object.assign(new Error('adapter'), { name: 'DriverAdapterError', cause });
const prismaError = (code: string, cause?: object) =>
  Object.assign(new Error('prisma'), { code, meta: cause ? { driverAdapterError: { cause } } : undefined });

describe('isConnectionLost', () => {
  it.each([
    ['a refused socket (pg)', withCode('ECONNREFUSED')],
    ['a reset socket (pg)', withCode('ECONNRESET')],
    ['SQLSTATE 08006 connection failure (pg)', withCode('08006')],
    ['SQLSTATE 57P01 the server shutting down (pg)', withCode('57P01')],
    ['SQLSTATE 57P03 the server starting (pg)', withCode('57P03')],
    ['a connection the server closed (pg)', new Error('Connection terminated unexpectedly')],
    ['an unreachable database (driver adapter)', adapterError({ kind: 'DatabaseNotReachable' })],
    ['a closed connection (driver adapter)', adapterError({ kind: 'ConnectionClosed' })],
    ['P1001 cannot reach the database (Prisma)', prismaError('P1001')],
    ['a Prisma error carrying SQLSTATE 08001', prismaError('P2010', { kind: 'postgres', originalCode: '08001' })],
  ])('%s is a lost connection', (_, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it.each([
    ['SQLSTATE 57014 a statement timeout', withCode('57014')],
    ['SQLSTATE 40001 a conflict with recovery', withCode('40001')],
    ['SQLSTATE 42P01 a missing table', withCode('42P01')],
    ['P2002 a unique constraint (Prisma)', prismaError('P2002')],
    ['a string, not an error', 'ECONNREFUSED'],
  ])('%s is not one', (_, error) => {
    expect(isConnectionLost(error)).toBe(false);
  });
});
