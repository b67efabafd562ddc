// `npm run compose`: writes schema/<subgraph>.graphql, schema/supergraph.graphql and the REST
// route table schema/rest-routes.json.
// `npm run compose -- --check`: exits 1 when the checked-in files are stale (CI).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { restRoutes } from '../rest-facade/routes';
import { routeTable } from '../rest-facade/routeTable';
import { buildSubgraphs } from '../subgraphs';
import { composeSupergraph, schemaDir } from './supergraph';

async function main() {
  const check = process.argv.includes('--check');
  const { subgraphSdl, supergraphSdl } = composeSupergraph(await buildSubgraphs());
  const files: Record<string, string> = {
    'supergraph.graphql': supergraphSdl,
    'rest-routes.json': `${JSON.stringify(routeTable(restRoutes), null, 2)}\n`,
  };
  for (const [name, sdl] of Object.entries(subgraphSdl)) files[`${name}.graphql`] = sdl;
  let stale = 0;
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(schemaDir, file);
    const current = readIfExists(target);
    if (current === content) continue;
    if (check) {
      console.error(`schema/${file} is stale: run npm run compose`);
      stale++;
    } else {
      writeFileSync(target, content);
      console.log(`wrote schema/${file}`);
    }
  }
  if (stale > 0) process.exit(1);
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
