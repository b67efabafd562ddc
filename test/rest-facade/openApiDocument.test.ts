import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../prisma/database';
import { readSupergraphSdl, schemaDir } from '../../gateway/supergraph';
import { openApiDocument } from '../../rest-facade/openApiDocument';
import { openApiPath } from '../../rest-facade/openApiPath';
import { healthOperations } from '../../rest-facade/healthOperations';
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
    expect(openApiDocument(readSupergraphSdl())).toEqual(
      JSON.parse(readFileSync(path.join(schemaDir, 'openapi.json'), 'utf8')),
    );
  });

  it('is exactly the document the service serves at /openapi.json', async () => {
    const served = await service.request('/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(readFileSync(path.join(schemaDir, 'openapi.json'), 'utf8')));
  });
});

describe('OpenAPI paths', () => {
  it('has one path per REST route and health operation, spelled as the spec spells it: {parameters} and literal colons, no router escapes', () => {
    const document = openApiDocument(readSupergraphSdl()) as { paths: Record<string, Record<string, unknown>> };
    const expected = [
      ...new Set([
        ...Object.values(restRoutes).map((route) => openApiPath(route.path)),
        ...healthOperations.map((operation) => operation.path),
      ]),
    ].sort();
    expect(Object.keys(document.paths).sort()).toEqual(expected);
    expect(Object.keys(document.paths).filter((key) => key.includes('\\'))).toEqual([]);
    expect(document.paths).toHaveProperty(['/v1/networks/{network}/rewards:listPending', 'get']);
    expect(document.paths).toHaveProperty(['/v1/chains/{chainId}/addresses/{address}/transactions:listErc20', 'get']);
  });
});

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: {
    name: string;
    in: string;
    required: boolean;
    description?: string;
    example?: string;
    schema: Record<string, unknown>;
  }[];
  requestBody?: {
    content: {
      'application/json': { schema: { properties: Record<string, { description?: string }> }; example?: unknown };
    };
  };
  responses: Record<string, unknown>;
};
const document = () =>
  openApiDocument(readSupergraphSdl()) as {
    paths: Record<string, Record<string, Operation>>;
    components: any;
    security: unknown;
    servers: unknown;
  };
const healthPaths = new Set(healthOperations.map((operation) => operation.path));
/** The operations of the REST routes (the health operations aside: below). */
const operations = () =>
  Object.entries(document().paths)
    .filter(([path]) => !healthPaths.has(path))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

describe('OpenAPI operations', () => {
  it('name each operation by the field its path and method route to, as the official documents do, with a summary and a tag', () => {
    for (const { path, method, operation } of operations()) {
      const field = Object.entries(restRoutes)
        .find(([, route]) => openApiPath(route.path) === path && route.method.toLowerCase() === method)![0]
        .split('.')[1];
      expect({
        path,
        operationId: operation.operationId,
        summary: typeof operation.summary,
        tags: operation.tags.length,
      }).toEqual({ path, operationId: field, summary: 'string', tags: 1 });
    }
  });

  it('name the health operations as the official documents do, answering the Terminus body on 200 and 503 alone', () => {
    const paths = document().paths;
    for (const operation of healthOperations) {
      const documented = paths[operation.path]!.get!;
      expect({
        operationId: documented.operationId,
        tags: documented.tags,
        parameters: documented.parameters,
        responses: Object.keys(documented.responses),
      }).toEqual({
        operationId: operation.operationId,
        tags: ['Health Check'],
        parameters: [],
        responses: ['200', '503'],
      });
    }
  });

  it('describe every parameter and body field on itself (where Swagger UI shows it)', () => {
    const undescribed = operations().flatMap(({ operation }) => [
      ...operation.parameters
        .filter((parameter) => !parameter.description)
        .map((parameter) => `${operation.operationId} ${parameter.name}`),
      ...Object.entries(operation.requestBody?.content['application/json'].schema.properties ?? {})
        .filter(([, field]) => !field.description)
        .map(([name]) => `${operation.operationId} body ${name}`),
    ]);
    expect(undescribed).toEqual([]);
  });

  it('document the success status and every error status with the error body', () => {
    for (const { operation } of operations()) {
      expect(Object.keys(operation.responses).sort()).toEqual(
        expect.arrayContaining(['400', '401', '403', '404', '429', '500', '502', '503']),
      );
    }
  });

  it("offer the API key in the header the hosted API's clients send and in this service's own, optionally, with this service as the server", () => {
    const { components, security, servers } = document();
    expect(components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-glacier-api-key' }),
      serviceApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-service-api-key' }),
    });
    expect(security).toEqual([{ apiKey: [] }, { serviceApiKey: [] }, {}]);
    expect(servers).toEqual([{ url: '/', description: 'This service' }]);
  });
});
