// The contracts of a generated chain and their EvmContract rows. Contracts that predate the
// range (real C-Chain tokens, the TeleporterMessenger, an L1's genesis predeploys) have no
// deployment details; the others are deployed by the chain's operators in its first blocks.
import type { RowOf } from '../../prisma/write';
import { evmAddress, SHOWCASE_EVM_ADDRESS } from '../accounts';
import type { Random } from '../random';
import { TELEPORTER_MESSENGER, type EvmChainSpec, type TokenSpec } from './chains';
import { svgLogo } from './logos';

/** A token contract once its address is known. */
export type ChainToken = { spec: TokenSpec; address: string; pool?: string };

/** Operators of a chain: rich accounts at the start of its account pool. */
export type Operators = {
  deployer: string;
  lp: string;
  issuer: string;
  spammer: string;
  relayer: string;
  minter: string;
};

/** Contracts of a chain, filled in as the setup deploys them. */
export type ChainContracts = {
  operators: Operators;
  tokens: Map<string, ChainToken>;
  infra: Map<'router' | 'factory' | 'multisend' | 'create2' | 'marketplace' | 'launcher' | 'tokenHome', string>;
};

/** Number of operator accounts at the start of every chain's pool. */
export const OPERATOR_COUNT = 6;

/**
 * Account pool of a chain: operators first, then the shared users (`evmAddress('user', i)`), so
 * the same people are active on every chain, the showcase user first.
 * @param spec chain spec
 * @param size number of users
 * @returns operators and pool
 * @example const { operators, pool } = chainAccounts(spec, 1500)
 */
export function chainAccounts(spec: EvmChainSpec, size: number): { operators: Operators; pool: string[] } {
  const op = (i: number) => evmAddress(`operator/${spec.key}`, i);
  const operators: Operators = {
    deployer: op(0),
    lp: op(1),
    issuer: op(2),
    spammer: op(3),
    relayer: op(4),
    minter: op(5),
  };
  const users = Array.from({ length: size }, (_, i) => (i === 0 ? SHOWCASE_EVM_ADDRESS : evmAddress('user', i)));
  return { operators, pool: [...Object.values(operators), ...users] };
}

/**
 * An EvmContract row with the schema's defaults.
 * @param chainId EVM chain ID
 * @param address contract address
 * @param fields fields to set
 * @returns the row
 * @example contractRow(43114n, address, { name: 'Router' })
 */
export function contractRow(
  chainId: bigint,
  address: string,
  fields: Partial<RowOf<'EvmContract'>> = {},
): RowOf<'EvmContract'> {
  return {
    chainId,
    address,
    ercType: 'UNKNOWN',
    name: '',
    symbol: '',
    decimals: null,
    logoUri: '',
    description: '',
    officialSite: '',
    email: '',
    color: '',
    logoAssetId: null,
    bannerAssetId: null,
    bannerUri: null,
    resourceLinks: [],
    tags: [],
    tokenReputation: null,
    priceKey: null,
    deploymentTxHash: null,
    deployerAddress: null,
    deployerContractAddress: null,
    deploymentBlockNumber: null,
    ...fields,
  };
}

/**
 * The EvmContract row of a token, with profile fields as a token list would give them.
 * @param chainId EVM chain ID
 * @param address token address
 * @param spec token spec
 * @param rng random stream (asset IDs of the logo and banner)
 * @returns the row (deployment fields left for the deployer to fill)
 * @example tokenRow(43114n, usdc, spec, rng)
 */
export function tokenRow(chainId: bigint, address: string, spec: TokenSpec, rng: Random): RowOf<'EvmContract'> {
  const profiled = spec.role !== 'spam';
  const slug = spec.symbol.toLowerCase().replace(/[^a-z0-9]/g, '');
  const site = spec.site ?? (profiled ? `https://${slug}.example` : '');
  return contractRow(chainId, address, {
    ercType: spec.ercType,
    name: spec.name,
    symbol: spec.symbol,
    decimals: spec.ercType === 'ERC20' ? (spec.decimals ?? 18) : null,
    logoUri: profiled ? svgLogo(spec.symbol, spec.color) : '',
    description: spec.description,
    officialSite: site,
    email: profiled && spec.reputation === 'BENIGN' ? `support@${slug}.example` : '',
    color: profiled ? spec.color : '',
    logoAssetId: profiled ? uuid(rng) : null,
    bannerAssetId: profiled && spec.ercType !== 'ERC20' ? uuid(rng) : null,
    bannerUri: profiled && spec.ercType !== 'ERC20' ? `ipfs://bafybeibanner${slug}` : null,
    resourceLinks: profiled
      ? [
          { type: 'Website', url: site },
          { type: 'Twitter', url: `https://x.com/${slug}` },
          ...(spec.priceKey ? [{ type: 'CoinGecko', url: `https://www.coingecko.com/en/coins/${spec.priceKey}` }] : []),
        ]
      : [],
    tags: tagsOf(spec),
    tokenReputation: spec.reputation,
    priceKey: spec.ercType === 'ERC20' ? (spec.priceKey ?? null) : null,
  });
}

/**
 * Contracts that exist before the first generated block: tokens with fixed addresses and the
 * TeleporterMessenger (plus the validator manager predeployed in an L1's genesis).
 * @param spec chain spec
 * @param operators operators of the chain
 * @param rng random stream
 * @returns registry and the rows of the pre-existing contracts
 * @example const { contracts, rows } = preexistingContracts(spec, operators, rng)
 */
export function preexistingContracts(
  spec: EvmChainSpec,
  operators: Operators,
  rng: Random,
): { contracts: ChainContracts; rows: RowOf<'EvmContract'>[] } {
  const contracts: ChainContracts = { operators, tokens: new Map(), infra: new Map() };
  const rows: RowOf<'EvmContract'>[] = [
    contractRow(spec.chainId, TELEPORTER_MESSENGER, {
      name: 'TeleporterMessenger',
      description: 'Avalanche Interchain Messaging (ICM) messenger.',
      tags: ['ICM'],
    }),
  ];
  if (spec.firstBlock === 1n) {
    rows.push(
      contractRow(spec.chainId, '0xfacade0000000000000000000000000000000000', {
        name: 'ValidatorManager',
        description: 'Proxy of the L1 validator manager, predeployed in genesis.',
        tags: ['L1'],
      }),
    );
  }
  for (const token of spec.tokens) {
    if (!token.address) continue;
    contracts.tokens.set(token.key, { spec: token, address: token.address });
    rows.push(tokenRow(spec.chainId, token.address, token, rng));
  }
  return { contracts, rows };
}

function tagsOf(spec: TokenSpec): string[] {
  switch (spec.role) {
    case 'stable':
    case 'bridged':
      return ['Stablecoin'];
    case 'defi':
      return ['DeFi'];
    case 'game':
    case 'items':
      return ['Gaming'];
    case 'nft':
      return ['NFT', 'Collectibles'];
    case 'wrapped':
      return ['Wrapped'];
    default:
      return [];
  }
}

function uuid(rng: Random): string {
  const h = rng.hex(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
