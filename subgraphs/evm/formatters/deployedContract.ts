import type { EvmContract } from '../../../prisma/rows';
import { ResourceLinkType } from '../types/evmEnums';
import type {
  Erc1155Contract,
  Erc20Contract,
  Erc721Contract,
  PricingProviders,
  ResourceLink,
  UnknownContract,
} from '../types/contract.type';
import { defaultErc20Decimals } from './erc20Token';

const linkTypes = new Set<string>(Object.values(ResourceLinkType));

/** A CoinGecko coin page: `https://www.coingecko.com/<language>/coins/<coin ID>` (the language is optional). */
const coingeckoCoinPage = /^https?:\/\/(?:www\.)?coingecko\.com\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?coins\/([a-z0-9-]+)\/?$/i;

/**
 * A deployed contract with its metadata (2.14), as the variant of its ercType: an ERC-20 has
 * `decimals` (18 when its contract does not say) and the pricing providers its profile names, an
 * ERC-1155 its pricing providers, an UNKNOWN contract no symbol. Empty profile texts are left out;
 * images are served when their URI is known; deployment details when the deployment is indexed.
 * @param row the stored contract
 * @returns the item
 * @example formatDeployedContract(row) // { ercType: 'ERC-20', decimals: 6, pricingProviders: { coingeckoCoinId: 'usd-coin' }, … }
 */
export function formatDeployedContract(
  row: EvmContract,
): Erc20Contract | Erc721Contract | Erc1155Contract | UnknownContract {
  const links = resourceLinks(row.resourceLinks);
  const common = {
    name: row.name,
    description: row.description || undefined,
    officialSite: row.officialSite || undefined,
    email: row.email || undefined,
    logoAsset: row.logoUri ? { assetId: row.logoAssetId ?? undefined, imageUri: row.logoUri } : undefined,
    bannerAsset: row.bannerUri ? { assetId: row.bannerAssetId ?? undefined, imageUri: row.bannerUri } : undefined,
    color: row.color || undefined,
    resourceLinks: links,
    tags: row.tags,
    address: row.address,
    chainId: row.chainId,
    deploymentDetails:
      row.deploymentTxHash && row.deployerAddress
        ? {
            txHash: row.deploymentTxHash,
            deployerAddress: row.deployerAddress,
            deployerContractAddress: row.deployerContractAddress ?? undefined,
          }
        : undefined,
  };
  const symbol = row.symbol || undefined;
  switch (row.ercType) {
    case 'ERC20':
      return {
        ...common,
        ercType: 'ERC-20',
        symbol,
        decimals: row.decimals ?? defaultErc20Decimals,
        pricingProviders: pricingProviders(links),
      } satisfies Erc20Contract;
    case 'ERC721':
      return { ...common, ercType: 'ERC-721', symbol } satisfies Erc721Contract;
    case 'ERC1155':
      return {
        ...common,
        ercType: 'ERC-1155',
        symbol,
        pricingProviders: pricingProviders(links),
      } satisfies Erc1155Contract;
    default:
      return { ...common, ercType: 'UNKNOWN' } satisfies UnknownContract;
  }
}

/** The stored `[{type, url}]` list, skipping entries of another shape or of a type outside ResourceLinkType. */
function resourceLinks(value: unknown): ResourceLink[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (link): link is { type: ResourceLinkType; url: string } =>
        typeof link === 'object' && link !== null && linkTypes.has(link.type) && typeof link.url === 'string',
    )
    .map((link) => ({ type: link.type, url: link.url }));
}

/** The CoinGecko coin ID of the profile's CoinGecko link, if it has one. */
function pricingProviders(links: readonly ResourceLink[]): PricingProviders | undefined {
  for (const link of links) {
    const coinId = link.type === ResourceLinkType.CoinGecko ? coingeckoCoinPage.exec(link.url)?.[1] : undefined;
    if (coinId) return { coingeckoCoinId: coinId };
  }
  return undefined;
}
