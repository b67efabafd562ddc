// avalanchego's chain aliaser (ids/aliases.go): aliases map to one chain ID each, a chain's aliases
// keep the order they were added in (genesis aliases, the ID itself when the chain is created, then
// admin.aliasChain), and the first one is the chain's primary alias (its logger's name).

/** Chain aliases of the process. */
export type ChainAliaser = {
  /** The chain ID an alias (or an ID, which aliases itself) names. @throws Error `there is no ID with alias: <alias>` */
  lookup(alias: string): string;
  /** Adds an alias. @throws Error `alias already mapped to an ID: <alias>` */
  alias(chainId: string, alias: string): void;
  /** The chain's aliases in order, or undefined for an ID the aliaser has never seen. */
  aliases(chainId: string): readonly string[] | undefined;
  /** The first alias of a chain (its ID when it has no genesis alias). */
  primaryAlias(chainId: string): string;
};

/**
 * Creates an empty aliaser.
 * @returns the aliaser
 * @example const aliaser = createChainAliaser(); aliaser.alias(cChainId, 'C'); aliaser.lookup('C') // cChainId
 */
export function createChainAliaser(): ChainAliaser {
  const dealias = new Map<string, string>();
  const aliases = new Map<string, string[]>();
  return {
    lookup(alias) {
      const id = dealias.get(alias);
      if (id === undefined) throw new Error(`there is no ID with alias: ${alias}`);
      return id;
    },
    alias(chainId, alias) {
      if (dealias.has(alias)) throw new Error(`alias already mapped to an ID: ${alias}`);
      dealias.set(alias, chainId);
      aliases.set(chainId, [...(aliases.get(chainId) ?? []), alias]);
    },
    aliases: (chainId) => aliases.get(chainId),
    primaryAlias: (chainId) => aliases.get(chainId)?.[0] ?? chainId,
  };
}
