-- The active-address sets become bitmaps over dense address numbers: a row per 64 numbers of a
-- scope's period instead of a row per address. The sets kept so far are carried over.

-- CreateTable
CREATE TABLE "metric_address" (
    "id" SERIAL NOT NULL,
    "address" VARCHAR(42) NOT NULL,

    CONSTRAINT "metric_address_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "metric_address_address_key" ON "metric_address"("address");

-- Numbers in the order the sets first saw the addresses (their first hour), as the write path gives them.
INSERT INTO "metric_address" ("address")
SELECT "address" FROM "metric_active_address" WHERE "time_interval" = 'hour'
GROUP BY "address" ORDER BY min("bucket"), "address";
INSERT INTO "metric_address" ("address")
SELECT DISTINCT "address" FROM "metric_active_address" a
WHERE NOT EXISTS (SELECT 1 FROM "metric_address" m WHERE m."address" = a."address") ORDER BY 1;

ALTER TABLE "metric_active_address" RENAME TO "metric_active_address_by_text";
ALTER INDEX "metric_active_address_pkey" RENAME TO "metric_active_address_by_text_pkey";

-- CreateTable
CREATE TABLE "metric_active_address" (
    "scope" VARCHAR(32) NOT NULL,
    "time_interval" "time_interval" NOT NULL,
    "bucket" BIGINT NOT NULL,
    "chunk" INTEGER NOT NULL,
    "members" BIGINT NOT NULL,
    "senders" BIGINT NOT NULL,

    CONSTRAINT "metric_active_address_pkey" PRIMARY KEY ("scope", "time_interval", "bucket", "chunk")
);

INSERT INTO "metric_active_address"
SELECT a."scope", a."time_interval", a."bucket", m."id" >> 6,
  bit_or(1::int8 << (m."id" & 63)), bit_or(CASE WHEN a."sender" THEN 1::int8 << (m."id" & 63) ELSE 0::int8 END)
FROM "metric_active_address_by_text" a JOIN "metric_address" m USING ("address")
GROUP BY 1, 2, 3, 4;

DROP TABLE "metric_active_address_by_text";
