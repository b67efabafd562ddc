// The four indexed EVM chains of the demo and their token contracts: the mainnet C-Chain, two
// mainnet L1s (Kestrel, a game chain with priced native token; Nimbus, a permissioned data
// chain) and the Fuji C-Chain. Pre-existing C-Chain contracts keep their real addresses.
import type { NetworkName } from '../constants';
import { svgLogo } from './logos';

/** Role of a contract in the generated traffic. */
export type TokenRole =
  | 'wrapped'
  | 'stable'
  | 'defi'
  | 'game'
  | 'community'
  | 'spam'
  | 'bridged'
  | 'bitcoin'
  | 'nft'
  | 'items';

/** A token contract of a chain. */
export type TokenSpec = {
  key: string;
  ercType: 'ERC20' | 'ERC721' | 'ERC1155';
  role: TokenRole;
  name: string;
  symbol: string;
  decimals?: number;
  priceKey?: string;
  reputation: 'BENIGN' | 'MALICIOUS' | null;
  /** Native tokens per whole token (DEX rate), for ERC-20s traded against the native token. */
  rate?: number;
  /** Fixed address of a contract that predates the generated range; others are deployed in it. */
  address?: string;
  color: string;
  description: string;
  site?: string;
};

/** One indexed EVM chain. */
export type EvmChainSpec = {
  key: 'c-chain' | 'kestrel' | 'nimbus' | 'fuji-c-chain';
  network: NetworkName;
  /** The VM whose blocks the chain has: coreth (the C-Chains) or subnet-evm (the L1s). */
  vm: 'coreth' | 'subnet-evm';
  /** L1s: the high-throughput fee config instead of subnet-evm's defaults (primary-network/genesis.ts feeConfig). */
  fastFees?: boolean;
  chainId: bigint;
  chainName: string;
  description: string;
  native: { name: string; symbol: string; decimals: number; logoUri: string; priceKey: string | null };
  /** First generated block: the C-Chains are indexed from a recent height, L1s from block 1. */
  firstBlock: bigint;
  /** Mean transactions per block at scale 1. */
  txPerBlock: number;
  /** Accounts used at scale 1 (grows with the square root of the scale). */
  accounts: number;
  gasLimit: bigint;
  /** Base fee floor and the spread above it, wei. */
  minBaseFee: bigint;
  baseFeeSpread: bigint;
  tokens: TokenSpec[];
};

const stable = (key: string, name: string, symbol: string, priceKey: string, address?: string): TokenSpec => ({
  key,
  ercType: 'ERC20',
  role: 'stable',
  name,
  symbol,
  decimals: 6,
  priceKey,
  reputation: 'BENIGN',
  rate: 1 / 24,
  address,
  color: '#2775CA',
  description: `${name} is a fully collateralized US dollar stablecoin.`,
  site: 'https://www.circle.com/usdc',
});

/** The demo EVM chains, mainnet C-Chain first (its teleporter side is generated first). */
export const EVM_CHAINS: EvmChainSpec[] = [
  {
    key: 'c-chain',
    network: 'mainnet',
    vm: 'coreth',
    chainId: 43114n,
    chainName: 'Avalanche (C-Chain)',
    description: "The Contract Chain on Avalanche's primary network supports EVM-compatible smart contracts.",
    native: {
      name: 'Avalanche',
      symbol: 'AVAX',
      decimals: 18,
      logoUri: svgLogo('AVAX', '#E84142'),
      priceKey: 'avalanche-2',
    },
    firstBlock: 71_000_000n,
    txPerBlock: 2.6,
    accounts: 1500,
    gasLimit: 15_000_000n,
    minBaseFee: 1_000_000_000n,
    baseFeeSpread: 24_000_000_000n,
    tokens: [
      {
        key: 'wrapped',
        ercType: 'ERC20',
        role: 'wrapped',
        name: 'Wrapped AVAX',
        symbol: 'WAVAX',
        decimals: 18,
        priceKey: 'avalanche-2',
        reputation: 'BENIGN',
        rate: 1,
        address: '0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7',
        color: '#E84142',
        description: 'Wrapped AVAX, the ERC-20 form of the native token.',
      },
      stable('usdc', 'USD Coin', 'USDC', 'usd-coin', '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e'),
      stable('usdt', 'TetherToken', 'USDt', 'tether', '0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7'),
      {
        key: 'joe',
        ercType: 'ERC20',
        role: 'defi',
        name: 'JoeToken',
        symbol: 'JOE',
        decimals: 18,
        priceKey: 'joe',
        reputation: 'BENIGN',
        rate: 0.35 / 24,
        address: '0x6e84a6216ea6dacc71ee8e6b0a5b7322eebc0fdd',
        color: '#F2716A',
        description: 'Governance token of a decentralized exchange.',
      },
      {
        key: 'community',
        ercType: 'ERC20',
        role: 'community',
        name: 'Demo Community Token',
        symbol: 'DCT',
        decimals: 18,
        reputation: null,
        rate: 0.002,
        color: '#6C5CE7',
        description: 'A community token launched inside the demo range.',
      },
      {
        key: 'spam1',
        ercType: 'ERC20',
        role: 'spam',
        name: 'Visit avax-rewards.claim to claim',
        symbol: 'CLAIM',
        decimals: 18,
        reputation: 'MALICIOUS',
        color: '#000000',
        description: '',
      },
      {
        key: 'spam2',
        ercType: 'ERC20',
        role: 'spam',
        name: 'USDC Reward',
        symbol: 'USDC-R',
        decimals: 6,
        reputation: 'MALICIOUS',
        color: '#000000',
        description: '',
      },
      {
        key: 'apes',
        ercType: 'ERC721',
        role: 'nft',
        name: 'Avalanche Apes',
        symbol: 'AAPE',
        reputation: 'BENIGN',
        color: '#F39C12',
        description: '4,000 apes living on the C-Chain.',
      },
      {
        key: 'passes',
        ercType: 'ERC721',
        role: 'nft',
        name: 'Summit Passes',
        symbol: 'SPASS',
        reputation: null,
        color: '#16A085',
        description: 'Event passes.',
      },
      {
        key: 'items',
        ercType: 'ERC1155',
        role: 'items',
        name: 'Realm Items',
        symbol: 'RITEM',
        reputation: 'BENIGN',
        color: '#8E44AD',
        description: 'In-game items.',
      },
    ],
  },
  {
    key: 'kestrel',
    network: 'mainnet',
    vm: 'subnet-evm',
    fastFees: true,
    chainId: 737373n,
    chainName: 'Kestrel Chain',
    description: 'A gaming L1 with its own gas token, KST.',
    native: {
      name: 'Kestrel',
      symbol: 'KST',
      decimals: 18,
      logoUri: svgLogo('KST', '#D35400'),
      priceKey: 'kestrel-network',
    },
    firstBlock: 1n,
    txPerBlock: 1.8,
    accounts: 900,
    gasLimit: 20_000_000n,
    minBaseFee: 1_000_000_000n,
    baseFeeSpread: 2_000_000_000n,
    tokens: [
      {
        key: 'wrapped',
        ercType: 'ERC20',
        role: 'wrapped',
        name: 'Wrapped Kestrel',
        symbol: 'WKST',
        decimals: 18,
        priceKey: 'kestrel-network',
        reputation: 'BENIGN',
        rate: 1,
        color: '#D35400',
        description: 'Wrapped KST.',
      },
      { ...stable('usdc', 'USD Coin (bridged)', 'USDC.k', 'usd-coin'), role: 'bridged', rate: 1 / 0.8 },
      {
        key: 'gem',
        ercType: 'ERC20',
        role: 'game',
        name: 'Kestrel Gems',
        symbol: 'GEM',
        decimals: 18,
        priceKey: 'kestrel-gems',
        reputation: 'BENIGN',
        rate: 0.05,
        color: '#1ABC9C',
        description: 'In-game currency of Kestrel.',
        site: 'https://kestrel.example',
      },
      {
        key: 'spam1',
        ercType: 'ERC20',
        role: 'spam',
        name: 'FREE KST at kestrel-drop.claim',
        symbol: 'FREEKST',
        decimals: 18,
        reputation: 'MALICIOUS',
        color: '#000000',
        description: '',
      },
      {
        key: 'knights',
        ercType: 'ERC721',
        role: 'nft',
        name: 'Kestrel Knights',
        symbol: 'KNIGHT',
        reputation: 'BENIGN',
        color: '#C0392B',
        description: 'Playable heroes of Kestrel.',
      },
      {
        key: 'items',
        ercType: 'ERC1155',
        role: 'items',
        name: 'Kestrel Armory',
        symbol: 'ARMORY',
        reputation: 'BENIGN',
        color: '#7F8C8D',
        description: 'Weapons and armor.',
      },
    ],
  },
  {
    key: 'nimbus',
    network: 'mainnet',
    vm: 'subnet-evm',
    chainId: 202611n,
    chainName: 'Nimbus Network',
    description: 'A permissioned L1 for data attestations.',
    native: { name: 'Nimbus', symbol: 'NIM', decimals: 18, logoUri: svgLogo('NIM', '#2980B9'), priceKey: null },
    firstBlock: 1n,
    txPerBlock: 1.2,
    accounts: 400,
    gasLimit: 8_000_000n,
    minBaseFee: 25_000_000_000n,
    baseFeeSpread: 10_000_000_000n,
    tokens: [
      {
        key: 'wrapped',
        ercType: 'ERC20',
        role: 'wrapped',
        name: 'Wrapped Nimbus',
        symbol: 'WNIM',
        decimals: 18,
        reputation: 'BENIGN',
        rate: 1,
        color: '#2980B9',
        description: 'Wrapped NIM.',
      },
      {
        key: 'community',
        ercType: 'ERC20',
        role: 'community',
        name: 'Nimbus Data Credits',
        symbol: 'NDC',
        decimals: 18,
        reputation: null,
        rate: 0.01,
        color: '#3498DB',
        description: 'Credits for attestation fees.',
      },
      {
        key: 'nodes',
        ercType: 'ERC721',
        role: 'nft',
        name: 'Nimbus Nodes',
        symbol: 'NNODE',
        reputation: null,
        color: '#34495E',
        description: 'Operator licences.',
      },
    ],
  },
  {
    key: 'fuji-c-chain',
    network: 'fuji',
    vm: 'coreth',
    chainId: 43113n,
    chainName: 'Avalanche Fuji (C-Chain)',
    description: 'The Contract Chain of the Fuji test network.',
    native: { name: 'Avalanche', symbol: 'AVAX', decimals: 18, logoUri: svgLogo('AVAX', '#E84142'), priceKey: null },
    firstBlock: 46_000_000n,
    txPerBlock: 1.2,
    accounts: 700,
    gasLimit: 15_000_000n,
    minBaseFee: 1_000_000_000n,
    baseFeeSpread: 2_000_000_000n,
    tokens: [
      {
        key: 'wrapped',
        ercType: 'ERC20',
        role: 'wrapped',
        name: 'Wrapped AVAX',
        symbol: 'WAVAX',
        decimals: 18,
        reputation: 'BENIGN',
        rate: 1,
        address: '0xd00ae08403b9bbb9124bb305c09058e32c39a48c',
        color: '#E84142',
        description: 'Wrapped test AVAX.',
      },
      stable('usdc', 'USD Coin', 'USDC', 'usd-coin', '0x5425890298aed601595a70ab815c96711a31bc65'),
      {
        key: 'community',
        ercType: 'ERC20',
        role: 'community',
        name: 'Fuji Test Token',
        symbol: 'FTT',
        decimals: 18,
        reputation: null,
        rate: 0.01,
        color: '#95A5A6',
        description: 'A token for testing.',
      },
      {
        key: 'spam1',
        ercType: 'ERC20',
        role: 'spam',
        name: 'Claim test rewards at fuji-drop.claim',
        symbol: 'TDROP',
        decimals: 18,
        reputation: 'MALICIOUS',
        color: '#000000',
        description: '',
      },
      {
        key: 'punks',
        ercType: 'ERC721',
        role: 'nft',
        name: 'Fuji Punks',
        symbol: 'FPUNK',
        reputation: null,
        color: '#E67E22',
        description: 'Test NFTs.',
      },
      {
        key: 'items',
        ercType: 'ERC1155',
        role: 'items',
        name: 'Fuji Items',
        symbol: 'FITEM',
        reputation: null,
        color: '#9B59B6',
        description: 'Test multi-tokens.',
      },
    ],
  },
];

/** The TeleporterMessenger v1 address, the same on every chain. */
export const TELEPORTER_MESSENGER = '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf';
/** The Warp precompile. */
export const WARP_PRECOMPILE = '0x0200000000000000000000000000000000000005';
/** Coinbase of C-Chain and subnet-evm blocks without fee recipients: the black hole address. */
export const BLACKHOLE = '0x0100000000000000000000000000000000000000';
/** The zero address: source of mints and target of burns. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
