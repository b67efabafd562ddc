import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../prisma/database';
import { readSupergraphSdl, schemaDir } from '../../gateway/supergraph';
import { openApiDocument } from '../../rest-facade/openApiDocument';
import { openApiPath } from '../../rest-facade/openApiPath';
import { restRoutes } from '../../rest-facade/routes';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  service = await startTestService(db);
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('schema/openapi.json (checked-in OpenAPI document)', () => {
  it('is what the checked-in supergraph gives: run `npm run compose` when this fails', () => {
    expect(openApiDocument(readSupergraphSdl())).toEqual(JSON.parse(readFileSync(path.join(schemaDir, 'openapi.json'), 'utf8')));
  });

  it('is exactly the document the service serves at /openapi.json', async () => {
    const served = await service.request('/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(readFileSync(path.join(schemaDir, 'openapi.json'), 'utf8')));
  });
});

describe('OpenAPI paths', () => {
  it('has one path per REST route, spelled as the spec spells it: {parameters} and literal colons, no router escapes', () => {
    const document = openApiDocument(readSupergraphSdl()) as { paths: Record<string, Record<string, unknown>> };
    const expected = [...new Set(Object.values(restRoutes).map((route) => openApiPath(route.path)))].sort();
    expect(Object.keys(document.paths).sort()).toEqual(expected);
    expect(Object.keys(document.paths).filter((key) => key.includes('\\'))).toEqual([]);
    expect(document.paths).toHaveProperty(['/v1/networks/{network}/rewards:listPending', 'get']);
    expect(document.paths).toHaveProperty(['/v1/chains/{chainId}/addresses/{address}/transactions:listErc20', 'get']);
  });
});
