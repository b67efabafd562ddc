-- AlterTable
ALTER TABLE "evm_nft_token" ADD COLUMN     "reindex_requested_at" BIGINT;
