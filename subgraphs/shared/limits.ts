/**
 * Page-size bounds of section 8 of the REST spec: the one place they are written down.
 * GraphQL arguments, REST validation and the OpenAPI document all read them from here.
 * `zero` is what `pageSize=0` means where the spec allows 0 (4.13, docs/api-decisions.md).
 */
export const pageSizeLimits = {
  metrics: { default: 100, min: 1, max: 2160 },
  /** The Metrics API's chain list: no pageSize parameter; a page holds up to 10000 chains. */
  metricsChains: { default: 10000, min: 1, max: 10000 },
  icmMetrics: { default: 100, min: 1, max: 2160 },
  subnets: { default: 100, min: 1, max: 10000 },
  validators: { default: 10, min: 1, max: 100 },
  utxos: { default: 10, min: 1, max: 100 },
  utxosV2: { default: 10, min: 1, max: 1024 },
  transfers: { default: 10, min: 1, max: 100 },
  addressTransactions: { default: 10, min: 1, max: 100 },
  erc20Balances: { default: 10, min: 1, max: 500 },
  erc721Balances: { default: 10, min: 1, max: 500 },
  erc1155Balances: { default: 10, min: 1, max: 500 },
  collectibleBalances: { default: 10, min: 1, max: 500 },
  blockTransactions: { default: 0, min: 0, max: 100, zero: 10_000 },
  pendingRewards: { default: 10, min: 1, max: 100 },
  validatorDetails: { default: 10, min: 1, max: 100 },
  delegators: { default: 10, min: 1, max: 100 },
  l1Validators: { default: 10, min: 1, max: 100 },
  historicalRewards: { default: 10, min: 1, max: 100 },
  deployments: { default: 10, min: 1, max: 100 },
  nftTokens: { default: 10, min: 1, max: 100 },
  nodeBlocks: { default: 10, min: 1, max: 100 },
  vertices: { default: 10, min: 1, max: 100 },
  verticesByHeight: { default: 10, min: 1, max: 100 },
  primaryNetworkBlocks: { default: 10, min: 1, max: 100 },
  blockchains: { default: 100, min: 1, max: 10000 },
  holders: { default: 1000, min: 1, max: 5000 },
  validatorAddresses: { default: 1000, min: 1, max: 5000 },
  nftHolders: { default: 1000, min: 1, max: 5000 },
  btcbBridgers: { default: 1000, min: 1, max: 5000 },
  compositeQuery: { default: 1000, min: 1, max: 10000 },
  blocks: { default: 10, min: 1, max: 100 },
  blocksAllChains: { default: 10, min: 1, max: 100 },
  latestTransactions: { default: 10, min: 1, max: 100 },
  tokenTransfers: { default: 10, min: 1, max: 100 },
  icmMessages: { default: 10, min: 1, max: 100 },
  primaryTransactions: { default: 10, min: 1, max: 100 },
  stakingTransactions: { default: 10, min: 1, max: 100 },
  assetTransactions: { default: 10, min: 1, max: 100 },
  webhooks: { default: 10, min: 1, max: 100 },
  webhookAddresses: { default: 10, min: 1, max: 100 },
  apiLogs: { default: 10, min: 1, max: 100 },
} as const;

/** A list endpoint of section 8. */
export type PagedList = keyof typeof pageSizeLimits;
