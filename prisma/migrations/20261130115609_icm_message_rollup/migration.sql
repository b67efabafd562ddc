-- CreateTable
CREATE TABLE "icm_message_rollup" (
    "time_interval" "time_interval" NOT NULL,
    "bucket" BIGINT NOT NULL,
    "source_blockchain_id" VARCHAR(64) NOT NULL,
    "destination_blockchain_id" VARCHAR(64) NOT NULL,
    "network" "network" NOT NULL,
    "message_count" BIGINT NOT NULL,

    CONSTRAINT "icm_message_rollup_pkey" PRIMARY KEY ("time_interval","bucket","source_blockchain_id","destination_blockchain_id","network")
);

-- CreateIndex
CREATE INDEX "icm_message_rollup_source_blockchain_id_time_interval_bucke_idx" ON "icm_message_rollup"("source_blockchain_id", "time_interval", "bucket");

-- CreateIndex
CREATE INDEX "icm_message_rollup_destination_blockchain_id_time_interval__idx" ON "icm_message_rollup"("destination_blockchain_id", "time_interval", "bucket");

-- CreateIndex
CREATE INDEX "icm_message_rollup_network_time_interval_bucket_idx" ON "icm_message_rollup"("network", "time_interval", "bucket");
