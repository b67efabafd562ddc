// The checked-in contracts: schema/<subgraph>.graphql, schema/supergraph.graphql, the REST route
// table schema/rest-routes.json and the OpenAPI document schema/openapi.json
// (`avalanche-data-service compose [--check]`, `npm run compose`).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../../rest-facade/openApiDocument';
import { restRoutes } from '../../rest-facade/routes';
import { routeTable } from '../../rest-facade/routeTable';
import { buildSubgraphs } from '../../subgraphs';
import { composeSupergraph, schemaDir } from '../../gateway/supergraph';

/**
 * Composes the subgraphs and writes (or, with `check`, compares) the checked-in contracts.
 * @param options `check`: write nothing, report stale files
 * @returns the files that were stale (written unless `check`)
 * @example const { stale } = await compose({ check: true }); if (stale.length) process.exit(1)
 */
export async function compose({
  check = false,
  log = console.log,
}: {
  check?: boolean;
  log?: (line: string) => void;
} = {}): Promise<{ stale: string[] }> {
  const { subgraphSdl, supergraphSdl } = composeSupergraph(await buildSubgraphs());
  const files: Record<string, string> = {
    'supergraph.graphql': supergraphSdl,
    'rest-routes.json': `${JSON.stringify(routeTable(restRoutes), null, 2)}\n`,
    'openapi.json': `${JSON.stringify(openApiDocument(supergraphSdl, Object.values(subgraphSdl)), null, 2)}\n`,
  };
  for (const [name, sdl] of Object.entries(subgraphSdl)) files[`${name}.graphql`] = sdl;
  const stale: string[] = [];
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(schemaDir, file);
    if (readIfExists(target) === content) continue;
    stale.push(`schema/${file}`);
    if (check) {
      log(`schema/${file} is stale: run npm run compose`);
    } else {
      writeFileSync(target, content);
      log(`wrote schema/${file}`);
    }
  }
  return { stale };
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
