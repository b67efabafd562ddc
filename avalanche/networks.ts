// Well-known facts of the two public Avalanche networks (the shared enumerations note).
import { PRIMARY_NETWORK_ID } from './constants';

/** A primary-network chain, as `chainInfo.chainName` names it. */
export type PrimaryChainName = 'p-chain' | 'x-chain' | 'c-chain';

/** What the API needs to know of a network. */
export type PublicNetwork = {
  /** Network ID of Warp messages and transactions. */
  networkId: number;
  /** Bech32 prefix of its P-/X-/C-Chain addresses. */
  hrp: string;
  /** Blockchain IDs of its primary-network chains (the P-Chain is the all-ones ID everywhere). */
  chains: Record<PrimaryChainName, string>;
  avaxAssetId: string;
  /** EVM chain ID of its C-Chain. */
  cChainEvmId: bigint;
};

/** Mainnet and Fuji, keyed by the stored network name. */
export const PUBLIC_NETWORKS: Record<'MAINNET' | 'FUJI', PublicNetwork> = {
  MAINNET: {
    networkId: 1,
    hrp: 'avax',
    chains: {
      'p-chain': PRIMARY_NETWORK_ID,
      'x-chain': '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
      'c-chain': '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    },
    avaxAssetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
    cChainEvmId: 43114n,
  },
  FUJI: {
    networkId: 5,
    hrp: 'fuji',
    chains: {
      'p-chain': PRIMARY_NETWORK_ID,
      'x-chain': '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
      'c-chain': 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
    },
    avaxAssetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
    cChainEvmId: 43113n,
  },
};
