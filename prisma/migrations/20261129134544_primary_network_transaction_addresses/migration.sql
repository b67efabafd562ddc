-- CreateTable
CREATE TABLE "primary_network_transaction_address" (
    "network" "network" NOT NULL,
    "address" VARCHAR(64) NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,

    CONSTRAINT "primary_network_transaction_address_pkey" PRIMARY KEY ("network","address","blockchain_id","block_timestamp","tx_hash")
);

-- CreateTable
CREATE TABLE "primary_network_transaction_asset" (
    "network" "network" NOT NULL,
    "asset_id" VARCHAR(64) NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,

    CONSTRAINT "primary_network_transaction_asset_pkey" PRIMARY KEY ("network","asset_id","blockchain_id","block_timestamp","tx_hash")
);

-- CreateIndex
CREATE INDEX "primary_network_transaction_network_blockchain_id_block_tim_idx" ON "primary_network_transaction"("network", "blockchain_id", "block_timestamp", "tx_hash");

-- CreateIndex
CREATE INDEX "utxo_network_tx_hash_idx" ON "utxo"("network", "tx_hash");

-- CreateIndex
CREATE INDEX "utxo_network_consuming_tx_hash_idx" ON "utxo"("network", "consuming_tx_hash");

-- Transactions indexed before these tables: the owners and assets of the UTXOs each consumes or
-- emits (a reward UTXO counts for the RewardValidatorTx that paid it), as the indexer writes them.
WITH touched AS (
    SELECT u.network, u.utxo_id, u.asset_id,
        CASE WHEN u.reward_type IS NULL THEN u.tx_hash ELSE COALESCE(v.reward_tx_hash, d.reward_tx_hash) END AS tx_hash
    FROM utxo u
    LEFT JOIN validator v ON u.reward_type IS NOT NULL AND v.network = u.network AND v.validation_id = u.tx_hash
    LEFT JOIN delegation d ON u.reward_type IS NOT NULL AND d.network = u.network AND d.tx_hash = u.tx_hash
    UNION ALL
    SELECT network, utxo_id, asset_id, consuming_tx_hash FROM utxo WHERE consuming_tx_hash IS NOT NULL
), by_tx AS (
    SELECT touched.network, touched.utxo_id, touched.asset_id, t.blockchain_id, t.block_timestamp, t.tx_hash
    FROM touched JOIN primary_network_transaction t ON t.network = touched.network AND t.tx_hash = touched.tx_hash
), addresses AS (
    INSERT INTO "primary_network_transaction_address" ("network", "address", "blockchain_id", "block_timestamp", "tx_hash")
    SELECT DISTINCT b.network, a.address, b.blockchain_id, b.block_timestamp, b.tx_hash
    FROM by_tx b JOIN utxo_address a ON a.network = b.network AND a.utxo_id = b.utxo_id
    ON CONFLICT DO NOTHING
)
INSERT INTO "primary_network_transaction_asset" ("network", "asset_id", "blockchain_id", "block_timestamp", "tx_hash")
SELECT DISTINCT network, asset_id, blockchain_id, block_timestamp, tx_hash FROM by_tx
ON CONFLICT DO NOTHING;
