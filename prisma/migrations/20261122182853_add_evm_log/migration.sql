-- CreateTable
CREATE TABLE "evm_log" (
    "chain_id" BIGINT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "tx_hash" VARCHAR(66) NOT NULL,
    "tx_index" INTEGER NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "topic0" VARCHAR(66),
    "topic1" VARCHAR(66),
    "topic2" VARCHAR(66),
    "topic3" VARCHAR(66),
    "data" BYTEA NOT NULL,

    CONSTRAINT "evm_log_pkey" PRIMARY KEY ("chain_id","block_number","log_index")
);

-- CreateIndex
CREATE INDEX "evm_log_chain_id_address_block_number_log_index_idx" ON "evm_log"("chain_id", "address", "block_number", "log_index");

-- CreateIndex
CREATE INDEX "evm_log_chain_id_topic0_block_number_log_index_idx" ON "evm_log"("chain_id", "topic0", "block_number", "log_index");
