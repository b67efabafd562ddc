// EvmNftToken rows of a generated chain: every minted ERC-721 with its current owner, and every
// ERC-1155 item ID in use, with fetched metadata in all the index states clients must handle.
import { DEMO_NOW, HOUR } from '../constants';
import type { BulkWriter } from '../../prisma/write';
import type { ChainEnv } from './env';

/** Index states and their weights; only INDEXED tokens carry metadata. */
const STATUSES: [string, number][] = [
  ['INDEXED', 70],
  ['UNINDEXED', 8],
  ['UNREACHABLE_TOKEN_URI', 5],
  ['INVALID_TOKEN_URI', 3],
  ['INVALID_METADATA_JSON', 3],
  ['THROTTLED_TOKEN_URI', 3],
  ['METADATA_CONTENT_TOO_LARGE', 2],
  ['MISSING_TOKEN', 2],
  ['INVALID_METADATA', 2],
  ['INVALID_TOKEN_URI_SCHEME', 1],
  ['UNKNOWN', 1],
];
const TRAITS = {
  Background: ['Snow', 'Summit', 'Glacier', 'Dusk', 'Lava'],
  Eyes: ['Laser', 'Sleepy', 'Wide', 'Visor'],
  Rarity: ['Common', 'Rare', 'Epic', 'Legendary'],
};

/**
 * Writes the NFT token rows of a chain after its last block.
 * @param env the generated chain
 * @param writer row writer
 * @returns nothing
 * @example await writeNftTokens(env, writer)
 */
export async function writeNftTokens(env: ChainEnv, writer: BulkWriter): Promise<void> {
  const rng = env.rng.fork('nft-metadata');
  const statuses = STATUSES.map(([s]) => s);
  const weights = STATUSES.map(([, w]) => w);
  for (const token of env.contracts.tokens.values()) {
    const { spec, address } = token;
    if (spec.ercType === 'ERC20') continue;
    const slug = spec.symbol.toLowerCase();
    const ids =
      spec.ercType === 'ERC721'
        ? (env.state.minted721.get(address) ?? [])
        : [...new Set((env.state.holders1155.get(address)?.items ?? []).map((k) => BigInt(k.split('|')[0]!)))].sort(
            (a, b) => (a < b ? -1 : 1),
          );
    for (const tokenId of ids) {
      const status = rng.weighted(statuses, weights);
      const indexed = status === 'INDEXED';
      const scheme = status === 'INVALID_TOKEN_URI_SCHEME' ? 'ftp://' : rng.chance(0.7) ? 'ipfs://' : 'https://';
      const tokenUri =
        status === 'MISSING_TOKEN'
          ? ''
          : status === 'INVALID_TOKEN_URI'
            ? 'not a uri'
            : `${scheme}${scheme === 'https://' ? `${slug}.example/meta/` : `bafybeih${slug}meta/`}${tokenId}`;
      const attributes = Object.entries(TRAITS).map(([trait_type, values]) => ({
        trait_type,
        value: rng.pick(values),
      }));
      await writer.push('EvmNftToken', {
        chainId: env.spec.chainId,
        address,
        tokenId: tokenId.toString(),
        ercType: spec.ercType,
        tokenUri,
        ownerAddress: spec.ercType === 'ERC721' ? (env.state.owners721.get(address)?.get(tokenId) ?? null) : null,
        indexStatus: status,
        metadataLastUpdatedTimestamp: status === 'UNINDEXED' ? null : BigInt(DEMO_NOW - rng.int(HOUR, 30 * 24 * HOUR)),
        metadataName: indexed ? `${spec.name} #${tokenId}` : null,
        metadataSymbol: indexed ? spec.symbol : null,
        imageUri: indexed ? `ipfs://bafybeig${slug}img/${tokenId}.png` : null,
        description: indexed ? `${spec.description} Token ${tokenId}.` : null,
        animationUri: indexed && rng.chance(0.1) ? `ipfs://bafybeig${slug}anim/${tokenId}.mp4` : null,
        externalUrl: indexed ? `https://${slug}.example/token/${tokenId}` : null,
        background: indexed && rng.chance(0.5) ? rng.pick(['#0f172a', '#e84142', '#ffffff', '#1abc9c']) : null,
        attributes: indexed && spec.ercType === 'ERC721' ? JSON.stringify(attributes) : null,
        properties:
          indexed && spec.ercType === 'ERC1155'
            ? JSON.stringify({ category: rng.pick(['weapon', 'armor', 'potion']), power: rng.int(1, 100) })
            : null,
        metadataDecimals: indexed && spec.ercType === 'ERC1155' ? 0 : null,
      });
    }
  }
}
