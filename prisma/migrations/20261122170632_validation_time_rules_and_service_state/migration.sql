-- Validation and delegation statuses are no longer stored: they depend on the time of the question
-- (domain/validationStatusAt.ts). What the rule needs that the times do not say is when a validation
-- was removed before its end.

-- AlterTable
ALTER TABLE "validator" ADD COLUMN     "removed_timestamp" BIGINT;

-- Backfill: a validation stored as removed left the set at removed_at_block_index; its removal time
-- is that P-Chain block's time (the P-Chain has the all-ones blockchain ID on every network).
UPDATE "validator" AS v
SET "removed_timestamp" = b."block_timestamp"
FROM "primary_network_block" AS b
WHERE v."validation_status" = 'removed'
  AND b."network" = v."network"
  AND b."blockchain_id" = '11111111111111111111111111111111LpoYY'
  AND b."block_number" = v."removed_at_block_index";

-- DropIndex
DROP INDEX "validator_network_validation_status_block_index_idx";

-- AlterTable
ALTER TABLE "delegation" DROP COLUMN "delegation_status";

-- AlterTable
ALTER TABLE "validator" DROP COLUMN "validation_status";

-- DropEnum
DROP TYPE "validation_status";

-- CreateTable
CREATE TABLE "service_setting" (
    "key" VARCHAR(64) NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_setting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "sync_state" (
    "chain_key" VARCHAR(64) NOT NULL,
    "height" BIGINT NOT NULL,
    "block_hash" VARCHAR(66) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sync_state_pkey" PRIMARY KEY ("chain_key")
);
