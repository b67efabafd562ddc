-- CreateTable
CREATE TABLE "webhook" (
    "id" UUID NOT NULL,
    "owner_key_id" VARCHAR(32) NOT NULL,
    "event_type" VARCHAR(40) NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "description" VARCHAR(1000) NOT NULL,
    "chain_id" VARCHAR(64) NOT NULL,
    "network" VARCHAR(16),
    "status" VARCHAR(16) NOT NULL,
    "inactive_reason" TEXT,
    "metadata" JSONB NOT NULL,
    "include_internal_txs" BOOLEAN NOT NULL DEFAULT false,
    "include_logs" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_key" (
    "webhook_id" UUID NOT NULL,
    "key" VARCHAR(100) NOT NULL,

    CONSTRAINT "webhook_key_pkey" PRIMARY KEY ("webhook_id","key")
);

-- CreateTable
CREATE TABLE "webhook_secret" (
    "owner_key_id" VARCHAR(32) NOT NULL,
    "secret" VARCHAR(128) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_secret_pkey" PRIMARY KEY ("owner_key_id")
);

-- CreateTable
CREATE TABLE "webhook_message" (
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "chain_key" VARCHAR(64) NOT NULL,
    "block_height" BIGINT NOT NULL,
    "body" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    "last_error" TEXT,

    CONSTRAINT "webhook_message_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_owner_key_id_created_at_id_idx" ON "webhook"("owner_key_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "webhook_key_key_idx" ON "webhook_key"("key");

-- CreateIndex
CREATE INDEX "webhook_message_due_idx" ON "webhook_message"("next_attempt_at") WHERE (status = 'pending');

-- CreateIndex
CREATE INDEX "webhook_message_chain_key_block_height_idx" ON "webhook_message"("chain_key", "block_height");

-- CreateIndex
CREATE INDEX "webhook_message_webhook_id_status_idx" ON "webhook_message"("webhook_id", "status");

-- AddForeignKey
ALTER TABLE "webhook_key" ADD CONSTRAINT "webhook_key_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_message" ADD CONSTRAINT "webhook_message_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;
