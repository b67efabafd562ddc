-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "admin" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "api_request" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "request_id" VARCHAR(128) NOT NULL,
    "key_id" VARCHAR(32),
    "request_type" VARCHAR(8) NOT NULL,
    "request_path" VARCHAR(200) NOT NULL,
    "method" VARCHAR(16) NOT NULL,
    "response_code" SMALLINT NOT NULL,
    "chain_id" VARCHAR(64),
    "rpc_method" VARCHAR(100),
    "network" VARCHAR(16),
    "subnet_rpc" BOOLEAN NOT NULL DEFAULT false,
    "duration_ms" DOUBLE PRECISION NOT NULL,
    "compute_units" INTEGER NOT NULL,
    "ip_address" VARCHAR(64) NOT NULL,
    "host" VARCHAR(255) NOT NULL,
    "user_agent" VARCHAR(512) NOT NULL,

    CONSTRAINT "api_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "api_request_key_id_at_idx" ON "api_request"("key_id", "at");

-- CreateIndex
CREATE INDEX "api_request_at_idx" ON "api_request"("at");
