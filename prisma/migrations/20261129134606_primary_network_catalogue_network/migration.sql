-- CreateEnum
CREATE TYPE "asset_cap" AS ENUM ('fixed', 'variable');

-- AlterTable
ALTER TABLE "asset" ADD COLUMN     "cap" "asset_cap" NOT NULL DEFAULT 'fixed',
ADD COLUMN     "created_at_timestamp" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "blockchain_network_create_block_timestamp_blockchain_id_idx" ON "blockchain"("network", "create_block_timestamp", "blockchain_id");

-- CreateIndex
CREATE INDEX "delegation_network_end_timestamp_idx" ON "delegation"("network", "end_timestamp");

-- CreateIndex
CREATE INDEX "primary_network_block_network_blockchain_id_block_timestamp_idx" ON "primary_network_block"("network", "blockchain_id", "block_timestamp", "block_number");

-- CreateIndex
CREATE INDEX "x_chain_vertex_network_vertex_height_vertex_index_idx" ON "x_chain_vertex"("network", "vertex_height", "vertex_index");

-- Assets indexed before: created at their CreateAssetTx, else at their first UTXO (AVAX); an NFT family has a
-- mint output, so its cap is variable. A fungible asset's mint outputs are known only by indexing it again.
UPDATE "asset" a SET "created_at_timestamp" = coalesce(
  (SELECT t."block_timestamp" FROM "primary_network_transaction" t WHERE t."network" = a."network" AND t."tx_hash" = a."asset_id"),
  (SELECT min(u."block_timestamp") FROM "utxo" u WHERE u."network" = a."network" AND u."asset_id" = a."asset_id"),
  0);
UPDATE "asset" SET "cap" = 'variable' WHERE "type" = 'nft';
