-- AlterTable
ALTER TABLE "primary_network_block" ADD COLUMN     "burned_total" DECIMAL(20,0) NOT NULL DEFAULT 0,
ADD COLUMN     "l1_validator_fees_total" DECIMAL(20,0) NOT NULL DEFAULT 0,
ADD COLUMN     "rewards_total" DECIMAL(20,0) NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "utxo_address" ADD COLUMN     "consuming_block_timestamp" BIGINT;

-- AlterTable
ALTER TABLE "x_chain_vertex" ADD COLUMN     "burned_total" DECIMAL(20,0) NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "utxo_address_network_address_blockchain_id_consuming_block__idx" ON "utxo_address"("network", "address", "blockchain_id", "consuming_block_timestamp");

-- Data: the copy of each consumed UTXO's consumption time on its owner rows.
UPDATE "utxo_address" a SET "consuming_block_timestamp" = u."consuming_block_timestamp"
  FROM "utxo" u
 WHERE u."network" = a."network" AND u."utxo_id" = a."utxo_id" AND u."consuming_block_timestamp" IS NOT NULL;

-- Data: the running supply totals of the blocks and vertices already stored, from their UTXO rows
-- (the indexer keeps them from here on). A transaction burns the AVAX it consumed minus the AVAX it
-- emitted; reward UTXOs are rewards of the block that paid them. Genesis allocations are not flows:
-- only transactions a block or vertex lists count. From these rows alone, AVAX moved into L1
-- validator balances counts as burned when deposited, and no fee as charged.
CREATE TEMPORARY TABLE "supply_vertex_tx" ON COMMIT DROP AS
SELECT v."network", v."vertex_index", unnest(v."transactions") AS "tx_hash" FROM "x_chain_vertex" v;

CREATE TEMPORARY TABLE "supply_tx_burned" ON COMMIT DROP AS
WITH "avax"("network", "asset_id") AS (
  VALUES ('mainnet'::"network", 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'),
         ('fuji'::"network", 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK')
), "flow" AS (
  SELECT u."network", u."consuming_tx_hash" AS "tx_hash", u."amount" AS "burned"
    FROM "utxo" u JOIN "avax" x ON x."network" = u."network" AND x."asset_id" = u."asset_id"
   WHERE u."consuming_tx_hash" IS NOT NULL
  UNION ALL
  SELECT u."network", u."tx_hash", -u."amount"
    FROM "utxo" u JOIN "avax" x ON x."network" = u."network" AND x."asset_id" = u."asset_id"
   WHERE u."reward_type" IS NULL
)
SELECT f."network", f."tx_hash", sum(f."burned") AS "burned"
  FROM "flow" f
  JOIN "primary_network_transaction" t ON t."network" = f."network" AND t."tx_hash" = f."tx_hash"
 WHERE EXISTS (SELECT 1 FROM "primary_network_block" b
                WHERE b."network" = t."network" AND b."blockchain_id" = t."blockchain_id"
                  AND b."block_number" = t."block_number" AND t."tx_hash" = ANY (b."transactions"))
    OR t."tx_hash" IN (SELECT vt."tx_hash" FROM "supply_vertex_tx" vt WHERE vt."network" = t."network")
 GROUP BY f."network", f."tx_hash";

-- Each transaction's burn, placed in its vertex (DAG era) or its block.
CREATE TEMPORARY TABLE "supply_place_burned" ON COMMIT DROP AS
SELECT s."network", t."blockchain_id", vt."vertex_index", CASE WHEN vt."vertex_index" IS NULL THEN t."block_number" END AS "block_number",
       sum(s."burned") AS "burned"
  FROM "supply_tx_burned" s
  JOIN "primary_network_transaction" t ON t."network" = s."network" AND t."tx_hash" = s."tx_hash"
  LEFT JOIN "supply_vertex_tx" vt ON vt."network" = s."network" AND vt."tx_hash" = s."tx_hash"
 GROUP BY 1, 2, 3, 4;

CREATE TEMPORARY TABLE "supply_block_rewards" ON COMMIT DROP AS
SELECT u."network", u."created_on_chain_id" AS "blockchain_id", u."block_number", sum(u."amount") AS "rewards"
  FROM "utxo" u WHERE u."reward_type" IS NOT NULL GROUP BY 1, 2, 3;

UPDATE "x_chain_vertex" v SET "burned_total" = r."burned"
  FROM (
    SELECT v."network", v."vertex_index", sum(coalesce(p."burned", 0)) OVER (PARTITION BY v."network" ORDER BY v."vertex_index") AS "burned"
      FROM "x_chain_vertex" v
      LEFT JOIN "supply_place_burned" p ON p."network" = v."network" AND p."vertex_index" = v."vertex_index"
  ) r
 WHERE v."network" = r."network" AND v."vertex_index" = r."vertex_index";

UPDATE "primary_network_block" b SET "burned_total" = r."burned", "rewards_total" = r."rewards"
  FROM (
    SELECT b."network", b."blockchain_id", b."block_number",
           CASE WHEN b."blockchain_id" = '11111111111111111111111111111111LpoYY' THEN 0
                ELSE coalesce((SELECT v."burned_total" FROM "x_chain_vertex" v WHERE v."network" = b."network"
                                ORDER BY v."vertex_index" DESC LIMIT 1), 0) END
           + sum(coalesce(p."burned", 0)) OVER "chain" AS "burned",
           sum(coalesce(w."rewards", 0)) OVER "chain" AS "rewards"
      FROM "primary_network_block" b
      LEFT JOIN "supply_place_burned" p ON p."network" = b."network" AND p."blockchain_id" = b."blockchain_id"
                                       AND p."vertex_index" IS NULL AND p."block_number" = b."block_number"
      LEFT JOIN "supply_block_rewards" w ON w."network" = b."network" AND w."blockchain_id" = b."blockchain_id"
                                        AND w."block_number" = b."block_number"
    WINDOW "chain" AS (PARTITION BY b."network", b."blockchain_id" ORDER BY b."block_number")
  ) r
 WHERE b."network" = r."network" AND b."blockchain_id" = r."blockchain_id" AND b."block_number" = r."block_number";
