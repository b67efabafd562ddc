-- DropForeignKey
ALTER TABLE "delegation" DROP CONSTRAINT "delegation_network_validator_tx_hash_fkey";

-- DropIndex
DROP INDEX "validator_validation_id_idx";

-- AlterTable
ALTER TABLE "validator" DROP CONSTRAINT "validator_pkey",
ADD CONSTRAINT "validator_pkey" PRIMARY KEY ("network", "validation_id");

-- CreateIndex
CREATE INDEX "validator_network_tx_hash_idx" ON "validator"("network", "tx_hash");

-- AddForeignKey
ALTER TABLE "delegation" ADD CONSTRAINT "delegation_network_validator_tx_hash_fkey" FOREIGN KEY ("network", "validator_tx_hash") REFERENCES "validator"("network", "validation_id") ON DELETE RESTRICT ON UPDATE CASCADE;
