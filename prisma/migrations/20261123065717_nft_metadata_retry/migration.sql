-- AlterTable
ALTER TABLE "evm_nft_token" ADD COLUMN     "metadata_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "metadata_retry_at" BIGINT;

-- CreateIndex
CREATE INDEX "evm_nft_token_index_status_chain_id_address_token_id_idx" ON "evm_nft_token"("index_status", "chain_id", "address", "token_id");

-- CreateIndex
CREATE INDEX "evm_nft_token_metadata_retry_at_idx" ON "evm_nft_token"("metadata_retry_at");
