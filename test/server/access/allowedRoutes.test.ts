// What a key's allow list may name: the templates access control checks requests against, so a key
// is never created with an entry that lets it call nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { keyRouteTemplates, unmatchedAllowedRoutes } from '../../../server/access/allowedRoutes';

/** The REST paths of the checked-in route table (schema/rest-routes.json), and GraphQL's one path. */
const checkedInTemplates = [
  ...new Set([
    ...(
      JSON.parse(readFileSync(path.join(__dirname, '../../../schema/rest-routes.json'), 'utf8')) as { path: string }[]
    ).map((route) => route.path),
    '/graphql',
  ]),
].sort();

describe('keyRouteTemplates', () => {
  it('are the paths of the checked-in route table, and /graphql', () => {
    expect(keyRouteTemplates).toEqual(checkedInTemplates);
  });
});

describe('unmatchedAllowedRoutes()', () => {
  it('takes every template of the service, and the one template of GraphQL', () => {
    expect(unmatchedAllowedRoutes(checkedInTemplates)).toEqual([]);
  });

  it('takes a prefix ending in * that some template begins with, and * alone', () => {
    expect(unmatchedAllowedRoutes(['/v2/*', '/v1/chains/{chainId}/*', '/v1/*', '*'])).toEqual([]);
  });

  it('returns the entries that match no template: other spellings, concrete paths, prefixes of nothing', () => {
    const entries = [
      '/v1/networks/:network/subnets',
      '/v1/networks/mainnet/subnets',
      '/v1/networks/{network}/subnets/',
      '/v3/*',
      '/graphql/*',
      'graphql',
    ];
    expect(unmatchedAllowedRoutes(['/v2/*', ...entries, '/graphql'])).toEqual(entries);
  });
});
