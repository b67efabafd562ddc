import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schemaDir } from '../../gateway/supergraph';
import { restRoutes } from '../../rest-facade/routes';
import { routeTable } from '../../rest-facade/routeTable';

describe('schema/rest-routes.json (checked-in REST route table)', () => {
  it('matches the routes the service serves: run `npm run compose` when this fails', () => {
    const checkedIn = JSON.parse(readFileSync(path.join(schemaDir, 'rest-routes.json'), 'utf8'));
    expect(routeTable(restRoutes)).toEqual(checkedIn);
  });

  it('writes paths as clients do: {param} segments and literal colons (`transactions:listErc20`, `{tokenId}:reindex`), under /v1 or /v2', () => {
    for (const { path: routePath } of routeTable(restRoutes)) {
      expect(routePath).toMatch(
        /^\/v[12](\/([A-Za-z0-9]+|\{[A-Za-z][A-Za-z0-9]*\}|([A-Za-z]+|\{[A-Za-z][A-Za-z0-9]*\}):[A-Za-z0-9]+))+$/,
      );
    }
  });
});
