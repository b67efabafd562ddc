import type { EvmNftToken } from '../../../prisma/rows';
import { NftIndexStatus } from '../types/evmEnums';
import type { Erc1155Token, Erc1155TokenMetadata, Erc721Token, Erc721TokenMetadata } from '../types/token.type';
import type { ContractSummary } from './account';

/**
 * The fields of a stored NFT that an NFT's answer reads (formatErc721Token, formatErc1155Token),
 * with the collection and token ID that find it. Statements that bring the NFTs a page or a
 * transaction moves as JSON rows carry these only (jsonRowSql).
 */
export const storedNftFields = [
  'address',
  'tokenId',
  'tokenUri',
  'ownerAddress',
  'indexStatus',
  'metadataLastUpdatedTimestamp',
  'metadataName',
  'metadataSymbol',
  'imageUri',
  'description',
  'animationUri',
  'externalUrl',
  'background',
  'attributes',
  'properties',
  'metadataDecimals',
] as const satisfies readonly (keyof EvmNftToken)[];
/** A stored NFT as an NFT's answer reads it ({@link storedNftFields}). */
export type StoredNft = Pick<EvmNftToken, (typeof storedNftFields)[number]>;

const statuses = new Set<string>(Object.values(NftIndexStatus));

/**
 * The metadata of an NFT (2.10), what both kinds share; a token without a stored row is
 * UNINDEXED, and a status outside the enumeration is UNKNOWN.
 */
function metadataFields(row: StoredNft | null | undefined): Erc721TokenMetadata & Erc1155TokenMetadata {
  if (!row) return { indexStatus: NftIndexStatus.UNINDEXED };
  return {
    indexStatus: statuses.has(row.indexStatus) ? (row.indexStatus as NftIndexStatus) : NftIndexStatus.UNKNOWN,
    metadataLastUpdatedTimestamp:
      row.metadataLastUpdatedTimestamp === null ? undefined : Number(row.metadataLastUpdatedTimestamp),
    name: row.metadataName ?? undefined,
    symbol: row.metadataSymbol ?? undefined,
    imageUri: row.imageUri ?? undefined,
    description: row.description ?? undefined,
    animationUri: row.animationUri ?? undefined,
    externalUrl: row.externalUrl ?? undefined,
    background: row.background ?? undefined,
  };
}

/**
 * The metadata of an ERC-721 token (2.10): the shared members and `attributes`.
 * @param row the stored NFT, if any
 * @returns the metadata
 * @example formatErc721Metadata(null) // { indexStatus: 'UNINDEXED' }
 */
export function formatErc721Metadata(row: StoredNft | null | undefined): Erc721TokenMetadata {
  return { ...metadataFields(row), attributes: row?.attributes ?? undefined };
}

/**
 * The metadata of an ERC-1155 token (2.10): the shared members, `decimals` and `properties`.
 * @param row the stored NFT, if any
 * @returns the metadata
 * @example formatErc1155Metadata(null) // { indexStatus: 'UNINDEXED' }
 */
export function formatErc1155Metadata(row: StoredNft | null | undefined): Erc1155TokenMetadata {
  return {
    ...metadataFields(row),
    decimals: row?.metadataDecimals ?? undefined,
    properties: row?.properties ?? undefined,
  };
}

/**
 * An ERC-721 token (2.10): collection name and symbol from the contract (empty when not known),
 * the rest from the stored token; `tokenUri` is empty when the token has none or it is not known
 * yet.
 * @param address collection
 * @param tokenId token ID
 * @param row the stored NFT, if any
 * @param contract the collection contract, if known
 * @returns the token
 * @example formatErc721Token(address, 7n, row, contract)
 */
export function formatErc721Token(
  address: string,
  tokenId: bigint,
  row: StoredNft | null | undefined,
  contract: ContractSummary | null | undefined,
): Erc721Token {
  return {
    address,
    name: contract?.name ?? '',
    symbol: contract?.symbol ?? '',
    ercType: 'ERC-721',
    tokenId: tokenId.toString(),
    tokenUri: row?.tokenUri ?? '',
    metadata: formatErc721Metadata(row),
    ownerAddress: row?.ownerAddress ?? undefined,
  };
}

/**
 * An ERC-1155 token (2.9 erc1155Token, 4.20); `tokenUri` is empty when the token has none or it
 * is not known yet.
 * @param address collection
 * @param tokenId token ID
 * @param row the stored token, if any
 * @returns the token
 * @example formatErc1155Token(address, 3n, row)
 */
export function formatErc1155Token(address: string, tokenId: bigint, row: StoredNft | null | undefined): Erc1155Token {
  return {
    address,
    ercType: 'ERC-1155',
    tokenId: tokenId.toString(),
    tokenUri: row?.tokenUri ?? '',
    metadata: formatErc1155Metadata(row),
  };
}
