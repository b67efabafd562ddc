-- AlterTable
ALTER TABLE "validator" ADD COLUMN     "avalanche_go_version" VARCHAR(64),
ADD COLUMN     "benched_chain_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "remove_tx_hash" VARCHAR(64);

-- Removed subnet validations written before the removal transaction was kept: the block's one
-- RemoveSubnetValidatorTx, where the block has exactly one (indexing the chain again fills the rest).
UPDATE "validator" v SET "remove_tx_hash" = t."tx_hash"
FROM "primary_network_transaction" t
WHERE v."removed_timestamp" IS NOT NULL AND v."remove_tx_hash" IS NULL AND NOT v."is_l1_validator"
  AND t."network" = v."network" AND t."blockchain_id" = '11111111111111111111111111111111LpoYY'
  AND t."tx_type" = 'RemoveSubnetValidatorTx' AND t."block_number" = v."removed_at_block_index"
  AND (SELECT count(*) FROM "primary_network_transaction" o
       WHERE o."network" = t."network" AND o."blockchain_id" = t."blockchain_id"
         AND o."block_number" = t."block_number" AND o."tx_type" = 'RemoveSubnetValidatorTx') = 1;
