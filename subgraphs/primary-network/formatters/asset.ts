import type { Asset as AssetRow } from '../../../prisma/generated/client';
import { toSafeNumber } from '../../shared/scalars';
import { PrimaryNetworkAssetCap, type XChainAssetDetails } from '../types/network.type';
import { PrimaryNetworkAssetType } from '../types/primaryEnums';

/**
 * Formats a stored X-Chain asset for the API (official `XChainAssetDetails`).
 * @param row the stored asset
 * @returns the API value
 * @example formatAssetDetails(await prisma.asset.findFirstOrThrow())
 */
export function formatAssetDetails(row: AssetRow): XChainAssetDetails {
  return {
    assetId: row.assetId,
    name: row.name,
    symbol: row.symbol,
    denomination: row.denomination,
    type: row.type === 'NFT' ? PrimaryNetworkAssetType.nft : PrimaryNetworkAssetType.secp256k1,
    createdAtTimestamp: toSafeNumber(row.createdAtTimestamp),
    cap: row.cap === 'VARIABLE' ? PrimaryNetworkAssetCap.variable : PrimaryNetworkAssetCap.fixed,
  };
}
