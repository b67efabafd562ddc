// The subgraphs by name, seen by the subgraphs themselves and by the options that address them
// (SUBGRAPH_URLS), without loading any of them.

/** Every subgraph, in composition order. */
export const subgraphNames = ['primary-network', 'evm', 'metrics'] as const;

/** One subgraph's name. */
export type SubgraphName = (typeof subgraphNames)[number];
