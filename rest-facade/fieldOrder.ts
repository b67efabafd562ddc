import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { schemaDir } from '../gateway/supergraph';

/**
 * The field order of each type as its home subgraph declares it (the subgraph that defines most
 * of its fields), read from the checked-in subgraph SDL. Composition orders an entity's fields by
 * subgraph name, which would put another subgraph's key stub first; REST responses keep the
 * spec's order, which the home subgraph's type classes follow.
 *
 * @param subgraphSdls the subgraphs' SDL (`npm run compose` gives the ones it composed); the checked-in files by default
 * @returns type name → field names in declaration order
 * @example homeFieldOrder().get('Blockchain') // ['createBlockTimestamp', 'createBlockNumber', 'blockchainId', ...]
 */
export function homeFieldOrder(subgraphSdls: readonly string[] = checkedInSubgraphSdls()): Map<string, string[]> {
  const order = new Map<string, string[]>();
  for (const sdl of subgraphSdls) {
    const document = parse(sdl);
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
      const fields = (definition.fields ?? []).map((field) => field.name.value);
      if (fields.length > (order.get(definition.name.value)?.length ?? 0)) order.set(definition.name.value, fields);
    }
  }
  return order;
}

function checkedInSubgraphSdls(): string[] {
  return readdirSync(schemaDir)
    .filter((name) => name.endsWith('.graphql') && name !== 'supergraph.graphql')
    .map((file) => readFileSync(path.join(schemaDir, file), 'utf8'));
}
