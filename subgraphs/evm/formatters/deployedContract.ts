import type { EvmContract } from '../../../prisma/generated/client';
import type { DeployedContract, ResourceLink } from '../types/contract.type';

const ercTypes: Record<EvmContract['ercType'], string> = { ERC20: 'ERC-20', ERC721: 'ERC-721', ERC1155: 'ERC-1155', UNKNOWN: 'UNKNOWN' };

/**
 * A deployed contract with its metadata (2.14). Empty profile texts are left out; images are
 * served when their URI is known.
 * @param row the stored contract (deployed: deployment details set)
 * @returns the item
 * @example formatDeployedContract(row)
 */
export function formatDeployedContract(row: EvmContract): DeployedContract {
  return {
    name: row.name,
    description: row.description || undefined,
    officialSite: row.officialSite || undefined,
    email: row.email || undefined,
    color: row.color || undefined,
    address: row.address,
    symbol: row.symbol || undefined,
    logoAsset: row.logoUri ? { assetId: row.logoAssetId ?? undefined, imageUri: row.logoUri } : undefined,
    bannerAsset: row.bannerUri ? { assetId: row.bannerAssetId ?? undefined, imageUri: row.bannerUri } : undefined,
    resourceLinks: resourceLinks(row.resourceLinks),
    tags: row.tags,
    deploymentDetails: {
      txHash: row.deploymentTxHash ?? '',
      deployerAddress: row.deployerAddress ?? '',
      deployerContractAddress: row.deployerContractAddress ?? undefined,
    },
    ercType: ercTypes[row.ercType],
  };
}

/** The stored `[{type, url}]` list, skipping entries of another shape. */
function resourceLinks(value: unknown): ResourceLink[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (link): link is ResourceLink => typeof link === 'object' && link !== null && typeof link.type === 'string' && typeof link.url === 'string',
  ).map((link) => ({ type: link.type, url: link.url }));
}
