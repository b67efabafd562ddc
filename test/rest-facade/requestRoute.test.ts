// A request's REST route, matched once for access control and the facade: the path without its
// query string, a percent-encoded colon read as the literal one, path parameters decoded.
import { requestRoute, restPathMethods, splitRequestUrl } from '../../rest-facade/requestRoute';

const address = '0xad9ea0f0f155856c610bc910d7af91513f98a093';

describe('splitRequestUrl()', () => {
  test('path and query string, the query without its "?", empty when absent', () => {
    expect(splitRequestUrl('/v1/networks/mainnet/subnets?pageSize=2&pageToken=a?b')).toEqual({
      path: '/v1/networks/mainnet/subnets',
      search: 'pageSize=2&pageToken=a?b',
    });
    expect(splitRequestUrl('/v1/networks/mainnet/subnets')).toEqual({
      path: '/v1/networks/mainnet/subnets',
      search: '',
    });
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
      const match = requestRoute({
        method: 'GET',
        url: `/v1/chains/43114/addresses/${address}/transactions${colon}listErc20?pageSize=1`,
      });
      expect(match).toMatchObject({
        kind: 'route',
        key: 'Query.listErc20Transactions',
        params: { chainId: '43114', address },
      });
    }
  });

  test('one match per request: the same object on the second call', () => {
    const request = { method: 'GET', url: '/v1/networks/mainnet/subnets' };
    expect(requestRoute(request)).toBe(requestRoute(request));
  });

  test('a path that is no route is none; a dot segment as a parameter is refused, naming it', () => {
    expect(requestRoute({ method: 'GET', url: '/v1/nowhere' })).toEqual({ kind: 'none' });
    expect(requestRoute({ method: 'GET', url: '/v1/networks/%2E%2E/subnets' })).toEqual({
      kind: 'refused',
      message: 'path parameter network must not be ".."',
    });
  });
});

describe('requestRoute(): methods', () => {
  test('a HEAD finds the GET route it mirrors, with its parameters', () => {
    expect(requestRoute({ method: 'HEAD', url: '/v1/networks/fuji/subnets?pageSize=1' })).toMatchObject({
      kind: 'route',
      key: 'Query.listSubnets',
      params: { network: 'fuji' },
    });
  });

  test('a method the path has no route for is none (a HEAD on a POST route too)', () => {
    expect(requestRoute({ method: 'DELETE', url: '/v1/networks/mainnet/subnets' })).toEqual({ kind: 'none' });
    expect(requestRoute({ method: 'HEAD', url: '/v1/signatureAggregator/mainnet/aggregateSignatures' })).toEqual({
      kind: 'none',
    });
  });
});

describe('restPathMethods()', () => {
  test('the methods of a path, whatever the request asks: HEAD with GET, in alphabetical order, and the template', () => {
    expect(restPathMethods('/v1/networks/mainnet/subnets?x=1')).toEqual({
      template: '/v1/networks/{network}/subnets',
      methods: ['GET', 'HEAD'],
    });
    expect(restPathMethods('/v1/signatureAggregator/mainnet/aggregateSignatures')).toEqual({
      template: '/v1/signatureAggregator/{network}/aggregateSignatures',
      methods: ['POST'],
    });
    expect(restPathMethods(`/v1/chains/43114/addresses/${address}/transactions%3AlistErc20`)).toMatchObject({
      methods: ['GET', 'HEAD'],
    });
  });

  test('/openapi.json is GET and HEAD; a path of no route is undefined', () => {
    expect(restPathMethods('/openapi.json')).toEqual({ template: '/openapi.json', methods: ['GET', 'HEAD'] });
    expect(restPathMethods('/v1/nowhere')).toBeUndefined();
  });
});
