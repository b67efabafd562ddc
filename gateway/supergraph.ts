import { composeServices } from '@apollo/composition';
import { printSubgraphSchema } from '@apollo/subgraph';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import type { Subgraph } from '../subgraphs/shared/subgraph';

/** Where the checked-in schemas live (the same from sources and from the dist/ build). */
export const schemaDir = path.join(projectRoot(path.resolve(__dirname, '..')), 'schema');

function projectRoot(dir: string): string {
  return path.basename(dir) === 'dist' ? path.dirname(dir) : dir;
}

/** Default routing URL of each subgraph when it runs as its own HTTP service (scale-out). */
export function defaultSubgraphUrl(index: number): string {
  return `http://127.0.0.1:${4001 + index}/graphql`;
}

/** Composed artefacts: each subgraph's SDL and the supergraph SDL. */
export type Composition = { subgraphSdl: Record<string, string>; supergraphSdl: string };

/**
 * Composes the subgraphs into a Federation 2 supergraph (what `npm run compose` writes to
 * `schema/`). Composition errors are thrown, so they fail the build rather than a start.
 *
 * @example const { supergraphSdl } = composeSupergraph(await buildSubgraphs())
 */
export function composeSupergraph(subgraphs: Subgraph[]): Composition {
  const subgraphSdl: Record<string, string> = {};
  const services = subgraphs.map((subgraph, index) => {
    const sdl = printSubgraphSchema(subgraph.schema);
    subgraphSdl[subgraph.name] = sdl;
    return { name: subgraph.name, url: defaultSubgraphUrl(index), typeDefs: parse(sdl) };
  });
  const result = composeServices(services);
  if (result.errors || !result.supergraphSdl) {
    throw new Error(`supergraph composition failed:\n${(result.errors ?? []).map((e) => e.message).join('\n')}`);
  }
  return { subgraphSdl, supergraphSdl: result.supergraphSdl };
}

/**
 * The checked-in supergraph the gateway serves.
 * @example new ApolloGateway({ supergraphSdl: readSupergraphSdl() })
 */
export function readSupergraphSdl(): string {
  return readFileSync(path.join(schemaDir, 'supergraph.graphql'), 'utf8');
}
