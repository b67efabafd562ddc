-- CreateTable
CREATE TABLE "transaction_export" (
    "id" UUID NOT NULL,
    "owner_key_id" VARCHAR(32) NOT NULL,
    "operation_type" VARCHAR(48) NOT NULL,
    "request" JSONB NOT NULL,
    "status" VARCHAR(32) NOT NULL,
    "message" TEXT NOT NULL,
    "code" VARCHAR(32),
    "next_date" VARCHAR(10),
    "rows_written" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claim_token" UUID,
    "lease_until" TIMESTAMPTZ(3),
    "download_token" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "transaction_export_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transaction_export_chunk" (
    "export_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "transaction_export_chunk_pkey" PRIMARY KEY ("export_id","seq")
);

-- CreateIndex
CREATE INDEX "transaction_export_running_idx" ON "transaction_export"("created_at") WHERE ((status)::text = 'RUNNING'::text);

-- CreateIndex
CREATE INDEX "transaction_export_expires_at_idx" ON "transaction_export"("expires_at");

-- AddForeignKey
ALTER TABLE "transaction_export_chunk" ADD CONSTRAINT "transaction_export_chunk_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "transaction_export"("id") ON DELETE CASCADE ON UPDATE CASCADE;
