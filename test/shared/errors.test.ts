// The error base: what a ServiceError says when a subclass says nothing, and what it keeps.
import { ServiceError } from '../../shared/errors';

class ExampleError extends ServiceError {
  override name = 'ExampleError';
}

describe('ServiceError', () => {
  it('by default is not retryable, answers HTTP 500 and JSON-RPC -32000', () => {
    const error = new ServiceError('broken');
    expect([error.retryable, error.status, error.jsonRpcCode]).toEqual([false, 500, -32000]);
  });

  it('keeps what its options say', () => {
    const error = new ServiceError('later', { retryable: true, status: 503, jsonRpcCode: -32002 });
    expect([error.retryable, error.status, error.jsonRpcCode]).toEqual([true, 503, -32002]);
  });

  it('keeps its cause, and has none when given none', () => {
    const cause = new Error('ECONNRESET');
    expect(new ServiceError('lost', { cause }).cause).toBe(cause);
    expect('cause' in new ServiceError('alone')).toBe(false);
  });

  it('is an Error named after its class, with the message it was given', () => {
    const error = new ExampleError('bad');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ServiceError);
    expect([error.name, error.message, String(error)]).toEqual(['ExampleError', 'bad', 'ExampleError: bad']);
    expect(new ServiceError('x').name).toBe('ServiceError');
  });
});
