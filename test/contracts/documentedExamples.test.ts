// "Try it out" in /docs sends the OpenAPI document's examples: on the demo data set, each
// operation sent with them answers its success status with data, not an empty list. The webhook
// and export operations act for a key on its own webhooks and exports: the requests carry a key, and
// the webhook and the export of their example IDs are stored for it first; the usage operations read
// the key's own requests, one made first.
import { asText } from '../../prisma/hexBytes';
import { DEMO_NOW } from '../../demo-data';
import { createDemoSigners } from '../../demo-data/demoSigners';
import { readSupergraphSdl } from '../../gateway/supergraph';
import type { Database } from '../../prisma/database';
import { openApiDocument } from '../../rest-facade/openApiDocument';
import { restRoutes } from '../../rest-facade/routes';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { startTestService, type TestService } from '../setup/service';
import { unlimitedAccess } from '../../server/access/accessControl';

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; example?: string };
type Operation = {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, unknown>;
};

let db: Database;
let service: TestService;
const apiKey = 'ads_documented-examples-key';

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, {
    localSigners: [createDemoSigners()],
    clock: () => DEMO_NOW,
    access: { ...unlimitedAccess, apiKeys: [apiKey], apiKeyRequired: false },
    usage: {},
  });
  // The usage operations read the key's own requests: it has made one before any example is sent.
  await service.request('/v1/networks/mainnet/subnets?pageSize=1', { headers: { 'x-glacier-api-key': apiKey } });
  const webhookId = restRoutes['Query.getWebhook']!.examples!.id!;
  await db.query(
    `INSERT INTO webhook (id, owner_key_id, event_type, url, name, description, chain_id, status, metadata)
     VALUES ($1, 'config-1', 'address_activity', 'https://receiver.example.com/demo', 'Demo', '', '43114', 'active', '{}')`,
    [webhookId],
  );
  await db.query('INSERT INTO webhook_key (webhook_id, key) VALUES ($1, $2)', [
    webhookId,
    asText(restRoutes['Query.getContractMetadata']!.examples!.address!),
  ]);
  await db.query(
    `INSERT INTO transaction_export (id, owner_key_id, operation_type, request, status, message, download_token, expires_at)
     VALUES ($1, 'config-1', 'TRANSACTION_EXPORT_EVM', '{}', 'COMPLETED', '3 transactions exported', 'demo-token', now() + interval '1 day')`,
    [restRoutes['Query.getOperationResult']!.examples!.operationId],
  );
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const document = openApiDocument(readSupergraphSdl()) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);

/** The list of a paged answer (the route table's `list`), or the answer itself. */
function data(operationId: string, body: Record<string, unknown>): unknown {
  const route = restRoutes[`Query.${operationId}`] ?? restRoutes[`Mutation.${operationId}`];
  return route?.list ? Object.values(body).find(Array.isArray) : body;
}

describe('the documented examples', () => {
  it.each(operations.map((entry) => [entry.operation.operationId, entry] as const))(
    '%s: answer with data on the demo data set',
    async (_id, { path, method, operation }) => {
      const missing = operation.parameters
        .filter((parameter) => parameter.required && parameter.example === undefined)
        .map((parameter) => parameter.name);
      expect(missing).toEqual([]);
      let url = path;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters) {
        if (parameter.example === undefined) continue;
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(parameter.example));
        else query.set(parameter.name, parameter.example);
      }
      const body = operation.requestBody?.content['application/json'].example;
      const answer = await service.request(`${url}${query.size ? `?${query}` : ''}`, {
        headers: { 'x-glacier-api-key': apiKey },
        ...(method === 'get' ? {} : { method: method.toUpperCase(), body }),
      });
      const success = Object.keys(operation.responses).find((status) => status.startsWith('2'))!;
      expect(answer.status).toBe(Number(success));
      // An operation whose success has no content (reindexNft) answers none.
      if (!(operation.responses[success] as { content?: unknown }).content) return expect(answer.body).toBeUndefined();
      const found = data(operation.operationId, answer.body);
      expect(Array.isArray(found) ? found.length : Object.keys(found as object).length).toBeGreaterThan(0);
    },
  );
});
