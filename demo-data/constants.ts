// Fixed facts of the demo world. All time is anchored at DEMO_NOW, never the wall clock, so the
// data (and every "active", "pending" or "locked" status derived from it) is the same on every run.
import { PRIMARY_NETWORK_ID } from '../avalanche/constants';
import { L1_VALIDATOR_FEES } from '../domain';
import type { Network } from '../prisma/generated/client';

/** "Now" of the demo data: 2026-11-01T00:00:00Z, Unix seconds. Statuses and locktimes are relative to it. */
export const DEMO_NOW = 1_793_491_200;
/** One hour, day and week in seconds. */
export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 7 * DAY;
/** 1 AVAX in nAVAX (P-/X-Chain denomination 9). */
export const AVAX = 1_000_000_000n;
/** 1 native token in wei (EVM denomination 18). */
export const ETHER = 1_000_000_000_000_000_000n;

/** The two networks by their path name. */
export type NetworkName = 'mainnet' | 'fuji';

export { PRIMARY_NETWORK_ID };

/** Per-network constants (see the shared enumerations note). */
export type NetworkInfo = {
  name: NetworkName;
  /** Value of the Prisma `Network` enum. */
  prisma: Network;
  /** Network ID of Warp messages and transactions. */
  networkId: number;
  /** Bech32 prefix of P-/X-Chain addresses. */
  hrp: string;
  xChainId: string;
  cChainId: string;
  avaxAssetId: string;
  /** EVM chain ID of the C-Chain. */
  cChainEvmId: bigint;
  /** Launch of the network (P-Chain genesis), Unix seconds. */
  genesisTimestamp: number;
  /** Network upgrades that change block and transaction kinds, Unix seconds. */
  banff: number;
  cortina: number;
  durango: number;
  etna: number;
};

/** Mainnet and Fuji. Upgrade times are the published activation times. */
export const NETWORKS: Record<NetworkName, NetworkInfo> = {
  mainnet: {
    name: 'mainnet',
    prisma: 'MAINNET',
    networkId: 1,
    hrp: 'avax',
    xChainId: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    cChainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    avaxAssetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
    cChainEvmId: 43114n,
    genesisTimestamp: 1_600_646_400, // 2020-09-21T00:00Z
    banff: 1_666_108_800, // 2022-10-18T16:00Z
    cortina: 1_682_434_800, // 2023-04-25T15:00Z
    durango: 1_709_740_800, // 2024-03-06T16:00Z
    etna: Number(L1_VALIDATOR_FEES.mainnet.activation), // 2024-12-16T17:00Z
  },
  fuji: {
    name: 'fuji',
    prisma: 'FUJI',
    networkId: 5,
    hrp: 'fuji',
    xChainId: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    cChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
    avaxAssetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
    cChainEvmId: 43113n,
    genesisTimestamp: 1_600_387_200, // 2020-09-18T00:00Z
    banff: 1_664_812_800, // 2022-10-03T16:00Z
    cortina: 1_680_793_200, // 2023-04-06T15:00Z
    durango: 1_707_840_000, // 2024-02-13T16:00Z
    etna: Number(L1_VALIDATOR_FEES.fuji.activation), // 2024-11-25T16:00Z
  },
};

/** VM IDs: the VM name, zero-padded to 32 bytes, in cb58 (checked by the tests). */
export const VM_IDS = {
  platformvm: 'rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT',
  avm: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
  evm: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  subnetevm: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
} as const;
