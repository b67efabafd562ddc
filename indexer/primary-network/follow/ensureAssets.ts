// Every UTXO and pending reward names its asset (a foreign key): assets a write uses that neither the database
// nor the block (CreateAssetTx) holds are described by the node (avm.getAssetDescription) and added
// to the block's rows. AVAX, created in the X-Chain's genesis, arrives this way; the node does not report
// the genesis time, so such an asset is dated by the first indexed block that uses it.
import type { Database } from '../../../prisma/database';
import type { BlockWrite, RowOf } from '../../../prisma/write';
import type { NodeApi } from '../rpc/createNodeApi';

/**
 * Adds the missing Asset rows to a block's write.
 * @param db the database (reads)
 * @param api the node
 * @param network the block's network
 * @param write the block's write (its rows are extended)
 * @param known asset IDs known to be stored (kept across blocks)
 * @param at the block's time, Unix seconds: the creation time of the assets added
 * @returns when done
 * @example await ensureAssets(db, api, 'FUJI', write, knownAssets, block.timestamp)
 */
export async function ensureAssets(
  db: Pick<Database, 'query'>,
  api: Pick<NodeApi, 'assetDescription'>,
  network: 'MAINNET' | 'FUJI',
  write: Omit<BlockWrite, 'cursor'>,
  known: Set<string>,
  at: bigint,
): Promise<void> {
  const rows = (write.rows ??= {}) as { Asset?: RowOf<'Asset'>[]; Utxo?: RowOf<'Utxo'>[] };
  const rewards = (write.upserts?.PendingReward ?? []) as readonly RowOf<'PendingReward'>[];
  const inBlock = new Set((rows.Asset ?? []).map((a) => a.assetId));
  const wanted = [...new Set([...(rows.Utxo ?? []), ...rewards].map((u) => u.assetId))].filter(
    (id) => !known.has(id) && !inBlock.has(id),
  );
  if (wanted.length === 0) return;
  const stored = await db.query<{ asset_id: string }>(
    'SELECT asset_id FROM asset WHERE network = $1 AND asset_id = ANY($2::text[])',
    [network.toLowerCase(), wanted],
  );
  for (const s of stored) known.add(s.asset_id);
  for (const assetId of wanted.filter((id) => !known.has(id))) {
    const description = await api.assetDescription(assetId);
    (rows.Asset ??= []).push({
      network,
      assetId,
      name: description.name.slice(0, 128),
      symbol: description.symbol.slice(0, 16),
      denomination: description.denomination,
      type: 'SECP256K1',
      createdAtTimestamp: at,
    });
  }
}
