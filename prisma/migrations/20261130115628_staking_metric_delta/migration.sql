-- CreateTable
CREATE TABLE "staking_metric_delta" (
    "network" "network" NOT NULL,
    "subnet_id" VARCHAR(64) NOT NULL,
    "day" BIGINT NOT NULL,
    "validator_count" BIGINT NOT NULL DEFAULT 0,
    "validator_weight" DECIMAL(38,0) NOT NULL DEFAULT 0,
    "delegator_count" BIGINT NOT NULL DEFAULT 0,
    "delegator_weight" DECIMAL(38,0) NOT NULL DEFAULT 0,

    CONSTRAINT "staking_metric_delta_pkey" PRIMARY KEY ("network","subnet_id","day")
);
