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
