// A request's REST route, matched once for access control and the facade: the path without its
// query string, a percent-encoded colon read as the literal one, path parameters decoded.
import { requestRoute, splitRequestUrl } from '../../rest-facade/requestRoute';

const address = '0xad9ea0f0f155856c610bc910d7af91513f98a093';

describe('splitRequestUrl()', () => {
  test('path and query string, the query without its "?", empty when absent', () => {
    expect(splitRequestUrl('/v1/networks/mainnet/subnets?pageSize=2&pageToken=a?b')).toEqual({ path: '/v1/networks/mainnet/subnets', search: 'pageSize=2&pageToken=a?b' });
    expect(splitRequestUrl('/v1/networks/mainnet/subnets')).toEqual({ path: '/v1/networks/mainnet/subnets', search: '' });
  });

  test('a percent-encoded colon in the path is the literal colon (either case); in the query it stays as sent', () => {
    expect(splitRequestUrl(`/v1/chains/43114/addresses/${address}/transactions%3alistErc20?x=%3A`)).toEqual({
      path: `/v1/chains/43114/addresses/${address}/transactions:listErc20`,
      search: 'x=%3A',
    });
  });
});

describe('requestRoute()', () => {
  test('transactions:listErc20 is found with its colon sent literally or percent-encoded', () => {
    for (const colon of [':', '%3A']) {
      const match = requestRoute({ method: 'GET', url: `/v1/chains/43114/addresses/${address}/transactions${colon}listErc20?pageSize=1` });
      expect(match).toMatchObject({ kind: 'route', key: 'Query.listErc20Transactions', params: { chainId: '43114', address } });
    }
  });

  test('one match per request: the same object on the second call', () => {
    const request = { method: 'GET', url: '/v1/networks/mainnet/subnets' };
    expect(requestRoute(request)).toBe(requestRoute(request));
  });

  test('a path that is no route is none; a dot segment as a parameter is refused, naming it', () => {
    expect(requestRoute({ method: 'GET', url: '/v1/nowhere' })).toEqual({ kind: 'none' });
    expect(requestRoute({ method: 'GET', url: '/v1/networks/%2E%2E/subnets' })).toEqual({ kind: 'refused', message: 'path parameter network must not be ".."' });
  });
});
