-- CreateEnum
CREATE TYPE "l1_validator_fee_event_kind" AS ENUM ('start', 'stop');

-- CreateTable
CREATE TABLE "l1_validator_fee_event" (
    "network" "network" NOT NULL,
    "validation_id" VARCHAR(64) NOT NULL,
    "subnet_id" VARCHAR(64) NOT NULL,
    "node_id" VARCHAR(64) NOT NULL,
    "block_index" BIGINT NOT NULL,
    "tx_order" INTEGER NOT NULL,
    "kind" "l1_validator_fee_event_kind" NOT NULL,
    "accrued_fees" DECIMAL(20,0) NOT NULL,
    "block_timestamp" BIGINT NOT NULL,

    CONSTRAINT "l1_validator_fee_event_pkey" PRIMARY KEY ("network","validation_id","block_index","tx_order")
);

-- CreateIndex
CREATE INDEX "l1_validator_fee_event_network_node_id_block_index_tx_order_idx" ON "l1_validator_fee_event"("network", "node_id", "block_index", "tx_order");

-- CreateIndex
CREATE INDEX "l1_validator_fee_event_network_subnet_id_block_index_tx_ord_idx" ON "l1_validator_fee_event"("network", "subnet_id", "block_index", "tx_order");

-- CreateIndex
CREATE INDEX "l1_validator_fee_event_network_block_index_tx_order_idx" ON "l1_validator_fee_event"("network", "block_index", "tx_order");

-- P-Chain blocks indexed before this table: their events come from replaying the stored L1 validator
-- transactions against the blocks' accrued-fees counters, which needs their signed bytes decoded, by a
-- one-time backfill at the next start (indexer/primary-network/backfillL1FeeEvents.ts). This marker
-- asks for it; a database holding none of these transactions needs none.
INSERT INTO "service_setting" ("key", "value")
SELECT 'l1_fee_events_backfill', 'true'::jsonb
WHERE EXISTS (
    SELECT 1 FROM "primary_network_transaction"
    WHERE "tx_type" IN ('ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'IncreaseL1ValidatorBalanceTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx')
)
ON CONFLICT ("key") DO NOTHING;
