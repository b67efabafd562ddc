// `avalanche-data-service openapi`: the OpenAPI document on standard output.
import { composeSupergraph } from '../../gateway/supergraph';
import { openApiDocument } from '../../rest-facade/openApiDocument';
import { parseNoOptions } from '../../shared/config/commandOptions';
import { buildSubgraphs } from '../../subgraphs';

/** Runs `openapi`: prints the document GET /openapi.json serves. */
export async function run(argv: string[]): Promise<number> {
  parseNoOptions(argv);
  const { supergraphSdl } = composeSupergraph(await buildSubgraphs());
  process.stdout.write(`${JSON.stringify(openApiDocument(supergraphSdl), null, 2)}\n`);
  return 0;
}
