// Every REST route's answers, on the demo data set, against the official schema of their
// operation (the official SDKs' view; the chain's own variant where the official schema is a
// oneOf the chain decides), and against this service's OpenAPI document: every member an answer
// holds is documented (nothing GraphQL-only leaks), and the examples together show every
// documented member (or say why one cannot be shown).
import type { Database } from '../../prisma/database';
import { createDemoSigners } from '../../demo-data/demoSigners';
import { DEMO_NOW } from '../../demo-data';
import { readSupergraphSdl } from '../../gateway/supergraph';
import { openApiDocument } from '../../rest-facade/openApiDocument';
import { openApiPath } from '../../rest-facade/openApiPath';
import { restRoutes } from '../../rest-facade/routes';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { startTestService, type TestService } from '../setup/service';
import { officialOperations, officialResponseErrors, officialSchemaErrors } from '../support/officialSchemas';
import { documentedMembers, mapMembers, presentMembers } from './documentedMembers';
import { routeExamples } from './routeExamples';
import { exampleApiKey } from './webhookRouteExamples';
import { unlimitedAccess } from '../../server/access/accessControl';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, {
    localSigners: [createDemoSigners()],
    clock: () => DEMO_NOW,
    access: { ...unlimitedAccess, apiKeys: [exampleApiKey], apiKeyRequired: false },
  });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const document = openApiDocument(readSupergraphSdl()) as Record<string, any>;
/** Members whose keys are data (genesis allocations and storage). */
const freeForm = (paths: string[]) => new Set(paths.filter((path) => /\.(alloc|storage)$/.test(path)));

describe('REST answers against the official schemas and the OpenAPI document', () => {
  it('has examples for every route the service serves', () => {
    expect(Object.keys(restRoutes).filter((route) => !routeExamples[route])).toEqual([]);
  });

  it.each(Object.keys(restRoutes))(
    '%s: every answer is what the official schema allows, holds only documented members and shows them all',
    async (route) => {
      const operationId = route.split('.')[1]!;
      const { path, method, responseStatus = 200 } = restRoutes[route]!;
      const operation = document.paths[openApiPath(path)][method.toLowerCase()];
      // An operation whose success has no content (reindexNft) documents no member and answers none.
      const content = operation.responses[String(responseStatus)].content;
      const documented = content ? documentedMembers(document, content['application/json'].schema) : [];
      const examples = routeExamples[route]!;
      const seen = new Set<string>();
      for (const request of await examples.requests(db)) {
        const answer = await service.request(request.path, {
          method: request.method,
          body: request.body,
          headers: request.headers,
        });
        expect({ request: request.path, status: answer.status }).toEqual({
          request: request.path,
          status: responseStatus,
        });
        if (!content) {
          expect({ request: request.path, body: answer.body }).toEqual({ request: request.path, body: undefined });
          continue;
        }
        expect({
          request: request.path,
          problems: officialResponseErrors(operationId, responseStatus, answer.body),
        }).toEqual({ request: request.path, problems: [] });
        if (request.variant) {
          const document = officialOperations.get(operationId)!.document;
          expect({
            request: request.path,
            problems: officialSchemaErrors(document, request.variant, answer.body),
          }).toEqual({ request: request.path, problems: [] });
        }
        const maps = new Set([...freeForm(documented), ...mapMembers(document, content['application/json'].schema)]);
        const members = presentMembers(answer.body, maps);
        expect({
          request: request.path,
          undocumented: members.filter((member) => !documented.includes(member)),
        }).toEqual({ request: request.path, undocumented: [] });
        for (const member of members) seen.add(member);
      }
      const unseen = Object.keys(examples.unseen ?? {});
      const missing = documented.filter(
        (member) =>
          !seen.has(member) &&
          !unseen.some((skip) => member === skip || member.startsWith(`${skip}.`) || member.startsWith(`${skip}[`)),
      );
      expect(missing).toEqual([]);
      // A reason for a member that is shown after all, or is no member at all, is stale.
      expect(unseen.filter((skip) => seen.has(skip) || !documented.includes(skip))).toEqual([]);
    },
  );
});
