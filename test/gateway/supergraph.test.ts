import { readFileSync } from 'node:fs';
import path from 'node:path';
import { composeSupergraph, schemaDir } from '../../gateway/supergraph';
import { buildSubgraphs } from '../../subgraphs';

describe('schema/ (checked-in supergraph)', () => {
  it('matches what the subgraphs compose to: run `npm run compose` when this fails', async () => {
    const { subgraphSdl, supergraphSdl } = composeSupergraph(await buildSubgraphs());
    expect(supergraphSdl).toBe(readFileSync(path.join(schemaDir, 'supergraph.graphql'), 'utf8'));
    for (const [name, sdl] of Object.entries(subgraphSdl)) {
      expect(sdl).toBe(readFileSync(path.join(schemaDir, `${name}.graphql`), 'utf8'));
    }
  });

  it('declares the federation entities other subgraphs join on', () => {
    const supergraph = readFileSync(path.join(schemaDir, 'supergraph.graphql'), 'utf8');
    expect(supergraph).toMatch(/type Subnet[\s\S]*?@join__type\(graph: PRIMARY_NETWORK, key: "network subnetId"\)/);
    expect(supergraph).toMatch(/type Blockchain[\s\S]*?@join__type\(graph: EVM, key: "network blockchainId"\)/);
    expect(supergraph).toMatch(/type EvmChain[\s\S]*?@join__type\(graph: EVM, key: "chainId"\)/);
  });
});
