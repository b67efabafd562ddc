import type { EvmNftToken } from '../../../prisma/generated/client';
import { NftIndexStatus } from '../types/evmEnums';
import type { Erc1155Token, NftToken, NftTokenMetadata } from '../types/token.type';
import type { ContractSummary } from './account';

/**
 * The fields of a stored NFT that an NFT's answer reads (formatNftMetadata, formatNftToken,
 * formatErc1155Token), with the collection and token ID that find it. Statements that bring the
 * NFTs a page or a transaction moves as JSON rows carry these only (jsonRowSql).
 */
export const storedNftFields = [
  'address', 'tokenId', 'tokenUri', 'ownerAddress', 'indexStatus', 'metadataLastUpdatedTimestamp', 'metadataName', 'metadataSymbol', 'imageUri',
  'description', 'animationUri', 'externalUrl', 'background', 'attributes', 'properties', 'metadataDecimals',
] as const satisfies readonly (keyof EvmNftToken)[];
/** A stored NFT as an NFT's answer reads it ({@link storedNftFields}). */
export type StoredNft = Pick<EvmNftToken, (typeof storedNftFields)[number]>;

const statuses = new Set<string>(Object.values(NftIndexStatus));

/**
 * The metadata of an NFT (2.10); a token without a stored row is UNINDEXED, and a status outside
 * the enumeration is UNKNOWN.
 * @param row the stored NFT, if any
 * @returns the metadata
 * @example formatNftMetadata(null) // { indexStatus: 'UNINDEXED' }
 */
export function formatNftMetadata(row: StoredNft | null | undefined): NftTokenMetadata {
  if (!row) return { indexStatus: NftIndexStatus.UNINDEXED };
  return {
    indexStatus: statuses.has(row.indexStatus) ? (row.indexStatus as NftIndexStatus) : NftIndexStatus.UNKNOWN,
    metadataLastUpdatedTimestamp: row.metadataLastUpdatedTimestamp === null ? undefined : Number(row.metadataLastUpdatedTimestamp),
    name: row.metadataName ?? undefined,
    symbol: row.metadataSymbol ?? undefined,
    imageUri: row.imageUri ?? undefined,
    description: row.description ?? undefined,
    animationUri: row.animationUri ?? undefined,
    externalUrl: row.externalUrl ?? undefined,
    background: row.background ?? undefined,
    attributes: row.attributes ?? undefined,
    properties: row.properties ?? undefined,
    decimals: row.metadataDecimals ?? undefined,
  };
}

/**
 * An NFT (2.10): collection name and symbol from the contract, the rest from the stored token.
 * @param token collection, token ID and kind
 * @param row the stored NFT, if any
 * @param contract the collection contract, if known
 * @returns the NFT
 * @example formatNftToken({ address, tokenId: 7n, ercType: 'ERC-721' }, row, contract)
 */
export function formatNftToken(
  token: { address: string; tokenId: bigint; ercType: 'ERC-721' | 'ERC-1155' },
  row: StoredNft | null | undefined,
  contract: ContractSummary | null | undefined,
): NftToken {
  return {
    address: token.address,
    name: contract?.name || undefined,
    symbol: contract?.symbol || undefined,
    ercType: token.ercType,
    tokenId: token.tokenId.toString(),
    tokenUri: row?.tokenUri || undefined,
    metadata: formatNftMetadata(row),
    ownerAddress: row?.ownerAddress ?? undefined,
  };
}

/**
 * The erc1155Token of a transfer (2.9).
 * @param address collection
 * @param tokenId token ID
 * @param row the stored token, if any
 * @returns the token
 * @example formatErc1155Token(address, 3n, row)
 */
export function formatErc1155Token(address: string, tokenId: bigint, row: StoredNft | null | undefined): Erc1155Token {
  return { address, ercType: 'ERC-1155', tokenId: tokenId.toString(), tokenUri: row?.tokenUri || undefined, metadata: formatNftMetadata(row) };
}
