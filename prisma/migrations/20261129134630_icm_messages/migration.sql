-- AlterTable
ALTER TABLE "teleporter_message" ADD COLUMN     "deliverer_address" VARCHAR(42),
ADD COLUMN     "destination_address" VARCHAR(42),
ADD COLUMN     "destination_block_number" BIGINT,
ADD COLUMN     "destination_gas_used" DECIMAL(78,0),
ADD COLUMN     "destination_timestamp" BIGINT,
ADD COLUMN     "execution_block_number" BIGINT,
ADD COLUMN     "execution_failed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "execution_tx_hash" VARCHAR(66),
ADD COLUMN     "fee_amount" DECIMAL(78,0),
ADD COLUMN     "fee_token_address" VARCHAR(42),
ADD COLUMN     "icm_contract_address" VARCHAR(42),
ADD COLUMN     "message_data" BYTEA,
ADD COLUMN     "message_nonce" DECIMAL(78,0),
ADD COLUMN     "network" "network",
ADD COLUMN     "origin_sender_address" VARCHAR(42),
ADD COLUMN     "receipt_block_number" BIGINT,
ADD COLUMN     "receipt_tx_hash" VARCHAR(66),
ADD COLUMN     "receipts" JSONB,
ADD COLUMN     "required_gas_limit" DECIMAL(78,0),
ADD COLUMN     "reward_redeemer" VARCHAR(42),
ADD COLUMN     "source_block_number" BIGINT,
ADD COLUMN     "source_gas_used" DECIMAL(78,0),
ADD COLUMN     "source_timestamp" BIGINT,
ADD COLUMN     "timestamp" BIGINT NOT NULL DEFAULT 0,
ALTER COLUMN "source_tx_hash" SET DEFAULT '';

-- Fill the new columns of stored messages from the Teleporter logs the indexer kept (evm_log),
-- decoding the events' ABI data as domain/teleporterEvents.ts does.
CREATE FUNCTION icm_uint(b bytea, o integer) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(sum(get_byte(b, o + i)::numeric * (256::numeric ^ (31 - i))), 0)::numeric(78, 0)
    FROM generate_series(0, 31) AS i
$$;
CREATE FUNCTION icm_address(b bytea, o integer) RETURNS varchar LANGUAGE sql IMMUTABLE AS $$
  SELECT '0x' || encode(substring(b FROM o + 13 FOR 20), 'hex')
$$;
-- The TeleporterMessage tuple at byte m: its fixed members, receipts and payload.
CREATE FUNCTION icm_receipts(b bytea, m integer) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_agg(jsonb_build_object(
           'receivedMessageNonce', icm_uint(b, r + 32 + i * 64)::text,
           'relayerRewardAddress', icm_address(b, r + 64 + i * 64)) ORDER BY i), '[]'::jsonb)
    FROM (SELECT m + icm_uint(b, m + 192)::integer AS r) AS s,
         generate_series(0, icm_uint(b, s.r)::integer - 1) AS i
$$;
CREATE FUNCTION icm_payload(b bytea, m integer) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT substring(b FROM q + 33 FOR icm_uint(b, q)::integer)
    FROM (SELECT m + icm_uint(b, m + 224)::integer AS q) AS s
$$;

-- Sends: SendCrossChainMessage(messageID, destinationBlockchainID, message, feeInfo) on the source chain.
UPDATE "teleporter_message" t SET
  "network" = c."network",
  "icm_contract_address" = l."address",
  "message_nonce" = icm_uint(l."data", l.m),
  "origin_sender_address" = icm_address(l."data", l.m + 32),
  "destination_address" = icm_address(l."data", l.m + 96),
  "required_gas_limit" = icm_uint(l."data", l.m + 128),
  "receipts" = icm_receipts(l."data", l.m),
  "message_data" = icm_payload(l."data", l.m),
  "fee_token_address" = icm_address(l."data", 32),
  "fee_amount" = icm_uint(l."data", 64),
  "source_block_number" = l."block_number",
  "source_timestamp" = b."timestamp",
  "source_gas_used" = x."gas_used"
FROM (SELECT *, icm_uint("data", 0)::integer AS m FROM "evm_log"
       WHERE "topic0" = '0x2a211ad4a59ab9d003852404f9c57c690704ee755f3c79d2c2812ad32da99df8' AND "topic3" IS NULL) AS l
JOIN "evm_chain" c ON c."chain_id" = l."chain_id"
JOIN "evm_block" b ON b."chain_id" = l."chain_id" AND b."number" = l."block_number"
JOIN "evm_transaction" x ON x."chain_id" = l."chain_id" AND x."tx_hash" = l."tx_hash"
WHERE l."topic1" = t."teleporter_message_id" AND c."blockchain_id" = t."source_blockchain_id";

-- Deliveries: ReceiveCrossChainMessage(messageID, sourceBlockchainID, deliverer, rewardRedeemer, message).
UPDATE "teleporter_message" t SET
  "network" = c."network",
  "icm_contract_address" = COALESCE(t."icm_contract_address", l."address"),
  "message_nonce" = COALESCE(t."message_nonce", icm_uint(l."data", l.m)),
  "origin_sender_address" = COALESCE(t."origin_sender_address", icm_address(l."data", l.m + 32)),
  "destination_address" = COALESCE(t."destination_address", icm_address(l."data", l.m + 96)),
  "required_gas_limit" = COALESCE(t."required_gas_limit", icm_uint(l."data", l.m + 128)),
  "receipts" = COALESCE(t."receipts", icm_receipts(l."data", l.m)),
  "message_data" = COALESCE(t."message_data", icm_payload(l."data", l.m)),
  "destination_block_number" = l."block_number",
  "destination_timestamp" = b."timestamp",
  "destination_gas_used" = x."gas_used",
  "deliverer_address" = '0x' || substring(l."topic3" FROM 27),
  "reward_redeemer" = icm_address(l."data", 0)
FROM (SELECT *, icm_uint("data", 32)::integer AS m FROM "evm_log"
       WHERE "topic0" = '0x292ee90bbaf70b5d4936025e09d56ba08f3e421156b6a568cf3c2840d9343e34' AND "topic3" IS NOT NULL) AS l
JOIN "evm_chain" c ON c."chain_id" = l."chain_id"
JOIN "evm_block" b ON b."chain_id" = l."chain_id" AND b."number" = l."block_number"
JOIN "evm_transaction" x ON x."chain_id" = l."chain_id" AND x."tx_hash" = l."tx_hash"
WHERE l."topic1" = t."teleporter_message_id" AND c."blockchain_id" = t."destination_blockchain_id"
  AND t."destination_tx_hash" = l."tx_hash";

-- Executions: MessageExecuted (the delivery or a retry), else MessageExecutionFailed, on the destination chain.
UPDATE "teleporter_message" t SET "execution_tx_hash" = l."tx_hash", "execution_block_number" = l."block_number"
FROM "evm_log" l JOIN "evm_chain" c ON c."chain_id" = l."chain_id"
WHERE l."topic0" = '0x34795cc6b122b9a0ae684946319f1e14a577b4e8f9b3dda9ac94c21a54d3188c'
  AND l."topic1" = t."teleporter_message_id" AND c."blockchain_id" = t."destination_blockchain_id";
UPDATE "teleporter_message" t SET "execution_failed" = true
FROM "evm_log" l JOIN "evm_chain" c ON c."chain_id" = l."chain_id"
WHERE l."topic0" = '0x4619adc1017b82e02eaefac01a43d50d6d8de4460774bc370c3ff0210d40c985'
  AND l."topic1" = t."teleporter_message_id" AND c."blockchain_id" = t."destination_blockchain_id"
  AND t."execution_tx_hash" IS NULL;

-- Receipts: ReceiptReceived(messageID, destinationBlockchainID, relayerRewardAddress, feeInfo) on the source chain.
UPDATE "teleporter_message" t SET "receipt_tx_hash" = l."tx_hash", "receipt_block_number" = l."block_number"
FROM "evm_log" l JOIN "evm_chain" c ON c."chain_id" = l."chain_id"
WHERE l."topic0" = '0xd13a7935f29af029349bed0a2097455b91fd06190a30478c575db3f31e00bf57'
  AND l."topic1" = t."teleporter_message_id" AND c."blockchain_id" = t."source_blockchain_id";

UPDATE "teleporter_message" SET "timestamp" = COALESCE("source_timestamp", "destination_timestamp", 0);

DROP FUNCTION icm_payload(bytea, integer);
DROP FUNCTION icm_receipts(bytea, integer);
DROP FUNCTION icm_address(bytea, integer);
DROP FUNCTION icm_uint(bytea, integer);

-- CreateIndex
CREATE INDEX "teleporter_message_timestamp_teleporter_message_id_idx" ON "teleporter_message"("timestamp", "teleporter_message_id");

-- CreateIndex
CREATE INDEX "teleporter_message_network_timestamp_teleporter_message_id_idx" ON "teleporter_message"("network", "timestamp", "teleporter_message_id");

-- CreateIndex
CREATE INDEX "teleporter_message_source_blockchain_id_timestamp_teleporte_idx" ON "teleporter_message"("source_blockchain_id", "timestamp", "teleporter_message_id");

-- CreateIndex
CREATE INDEX "teleporter_message_destination_blockchain_id_timestamp_tele_idx" ON "teleporter_message"("destination_blockchain_id", "timestamp", "teleporter_message_id");

-- CreateIndex
CREATE INDEX "teleporter_message_origin_sender_address_timestamp_teleport_idx" ON "teleporter_message"("origin_sender_address", "timestamp", "teleporter_message_id");

-- CreateIndex
CREATE INDEX "teleporter_message_destination_address_timestamp_teleporter_idx" ON "teleporter_message"("destination_address", "timestamp", "teleporter_message_id");
