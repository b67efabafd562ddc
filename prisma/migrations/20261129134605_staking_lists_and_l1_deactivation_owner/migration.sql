-- DropIndex
DROP INDEX "validator_network_node_id_idx";

-- AlterTable
ALTER TABLE "validator" ADD COLUMN     "l1_deactivation_owner" JSONB;

-- CreateIndex
CREATE INDEX "delegation_network_block_index_tx_hash_idx" ON "delegation"("network", "block_index", "tx_hash");

-- CreateIndex
CREATE INDEX "delegation_network_node_id_block_index_tx_hash_idx" ON "delegation"("network", "node_id", "block_index", "tx_hash");

-- The reward UTXOs of a stake use utxo_network_tx_hash_idx, created by 20261129134544.

-- CreateIndex
CREATE INDEX "validator_network_node_id_block_index_validation_id_idx" ON "validator"("network", "node_id", "block_index", "validation_id");

-- CreateIndex
CREATE INDEX "validator_network_is_l1_validator_block_index_validation_id_idx" ON "validator"("network", "is_l1_validator", "block_index", "validation_id");
