-- CreateTable
CREATE TABLE "primary_network_transaction_validation" (
    "network" "network" NOT NULL,
    "validation_id" VARCHAR(64) NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,

    CONSTRAINT "primary_network_transaction_validation_pkey" PRIMARY KEY ("network","validation_id","blockchain_id","block_timestamp","tx_hash")
);

-- Transactions indexed before this table: their links are read from their signed bytes (a Warp
-- message, a validation ID, a conversion's subnet and validator count), which SQL cannot decode, by a
-- one-time backfill at the next start (indexer/primary-network/backfillL1ValidationLinks.ts). This
-- marker asks for it; a database holding none of these transactions needs none.
INSERT INTO "service_setting" ("key", "value")
SELECT 'l1_validation_links_backfill', '{"after": null}'::jsonb
WHERE EXISTS (
    SELECT 1 FROM "primary_network_transaction"
    WHERE "tx_type" IN ('ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'IncreaseL1ValidatorBalanceTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx')
)
ON CONFLICT ("key") DO NOTHING;
