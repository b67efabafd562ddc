-- CreateTable
CREATE TABLE "api_key" (
    "id" VARCHAR(32) NOT NULL,
    "key_hash" CHAR(64) NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "allowed_routes" TEXT[],
    "per_minute" INTEGER,
    "per_day" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_key_key_hash_key" ON "api_key"("key_hash");
