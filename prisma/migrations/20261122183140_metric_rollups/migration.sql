-- CreateEnum
CREATE TYPE "metric_first_seen_kind" AS ENUM ('address', 'deployer');

-- DropIndex
DROP INDEX "erc20_balance_change_chain_id_token_address_block_timestamp_idx";

-- DropTable
DROP TABLE "chain_metric";

-- CreateTable
CREATE TABLE "metric_rollup" (
    "scope" VARCHAR(32) NOT NULL,
    "time_interval" "time_interval" NOT NULL,
    "bucket" BIGINT NOT NULL,
    "block_count" BIGINT NOT NULL DEFAULT 0,
    "tx_count" BIGINT NOT NULL DEFAULT 0,
    "gas_used" DECIMAL(78,0) NOT NULL DEFAULT 0,
    "fees" DECIMAL(78,0) NOT NULL DEFAULT 0,
    "gas_price_sum" DECIMAL(78,0) NOT NULL DEFAULT 0,
    "max_gas_price" DECIMAL(78,0),
    "max_gps" DECIMAL(60,18),
    "max_tps" DECIMAL(60,18),
    "contracts" BIGINT NOT NULL DEFAULT 0,
    "active_addresses" BIGINT NOT NULL DEFAULT 0,
    "active_senders" BIGINT NOT NULL DEFAULT 0,
    "deployers" BIGINT NOT NULL DEFAULT 0,
    "new_addresses" BIGINT NOT NULL DEFAULT 0,
    "new_deployers" BIGINT NOT NULL DEFAULT 0,
    "first_number" BIGINT,
    "span_start" BIGINT,
    "last_timestamp" BIGINT,
    "avg_gps" DECIMAL(60,18) NOT NULL DEFAULT 0,
    "avg_tps" DECIMAL(60,18) NOT NULL DEFAULT 0,
    "avg_chains" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "metric_rollup_pkey" PRIMARY KEY ("scope","time_interval","bucket")
);

-- CreateTable
CREATE TABLE "metric_active_address" (
    "scope" VARCHAR(32) NOT NULL,
    "time_interval" "time_interval" NOT NULL,
    "bucket" BIGINT NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "sender" BOOLEAN NOT NULL,

    CONSTRAINT "metric_active_address_pkey" PRIMARY KEY ("scope","time_interval","bucket","address")
);

-- CreateTable
CREATE TABLE "metric_deployer" (
    "scope" VARCHAR(32) NOT NULL,
    "bucket" BIGINT NOT NULL,
    "address" VARCHAR(42) NOT NULL,

    CONSTRAINT "metric_deployer_pkey" PRIMARY KEY ("scope","bucket","address")
);

-- CreateTable
CREATE TABLE "metric_first_seen" (
    "scope" VARCHAR(32) NOT NULL,
    "kind" "metric_first_seen_kind" NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "first_day" BIGINT NOT NULL,
    "previous_day" BIGINT,

    CONSTRAINT "metric_first_seen_pkey" PRIMARY KEY ("scope","kind","address")
);

-- CreateIndex
CREATE INDEX "erc20_balance_change_chain_id_token_address_holder_block_ti_idx" ON "erc20_balance_change"("chain_id", "token_address", "holder", "block_timestamp", "block_number");
