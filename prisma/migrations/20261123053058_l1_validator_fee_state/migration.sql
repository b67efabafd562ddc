-- AlterTable
ALTER TABLE "primary_network_block" ADD COLUMN     "l1_validator_excess" DECIMAL(20,0) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "validator" ADD COLUMN     "l1_end_accumulated_fee" DECIMAL(20,0),
ADD COLUMN     "l1_remaining_balance_owner" JSONB;

-- CreateIndex
CREATE INDEX "validator_network_l1_end_accumulated_fee_idx" ON "validator"("network", "l1_end_accumulated_fee");
