// Every REST route answers exactly the members and types of the spec's section 2 (no extra member,
// no missing required one, enums within their sets), checked against the demo data set: a field
// added for GraphQL cannot leak into REST, and a field the spec names cannot go missing.
import type { Database } from '../../prisma/database';
import { restRoutes } from '../../rest-facade/routes';
import { createDemoSigners } from '../../demo-data/demoSigners';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { startTestService, type TestService } from '../setup/service';
import { checkShape, memberPaths } from './checkShape';
import { routeExamples } from './routeExamples';

let db: Database;
let service: TestService;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { localSigners: [createDemoSigners()] });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

/** Member paths a value shows (array items merged as `[]`). */
function presentPaths(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => presentPaths(item, `${path}[]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, member]) => [`${path}.${name}`, ...presentPaths(member, `${path}.${name}`)]);
}

describe('REST responses against the spec shapes (section 2)', () => {
  it('has examples for every route the service serves', () => {
    expect(Object.keys(restRoutes).filter((route) => !routeExamples[route])).toEqual([]);
  });

  it.each(Object.keys(restRoutes))('%s answers exactly the spec’s members and types, and shows every member', async (route) => {
    const examples = routeExamples[route]!;
    const expectedStatus = restRoutes[route]!.responseStatus ?? 200;
    const seen = new Set<string>();
    for (const request of await examples.requests(db)) {
      const answer = await service.request(request.path, { method: request.method, body: request.body });
      expect({ request: request.path, status: answer.status }).toEqual({ request: request.path, status: expectedStatus });
      expect({ request: request.path, problems: checkShape(answer.body, examples.shape) }).toEqual({ request: request.path, problems: [] });
      for (const path of presentPaths(answer.body)) seen.add(path.replace(/\.(alloc|storage)\.[^.[\]]+/g, '.$1'));
    }
    const unseen = Object.keys(examples.unseen ?? {});
    const missing = memberPaths(examples.shape).filter((path) => !seen.has(path) && !unseen.some((skip) => path === skip || path.startsWith(`${skip}.`)));
    expect(missing).toEqual([]);
  });
});
