-- Hashes, addresses and other 0x hex values are stored as bytea, half the room of their text: the
-- rows keep them as 0x hex (prisma/hexBytes.ts). Each column's values are carried over; the indexes
-- and keys on them are rebuilt by the type change.

ALTER TABLE "btcb_bridged"
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex');

ALTER TABLE "erc1155_balance"
  ALTER COLUMN "holder" SET DATA TYPE BYTEA USING decode(substr("holder", 3), 'hex'),
  ALTER COLUMN "token_address" SET DATA TYPE BYTEA USING decode(substr("token_address", 3), 'hex');

ALTER TABLE "erc1155_balance_change"
  ALTER COLUMN "holder" SET DATA TYPE BYTEA USING decode(substr("holder", 3), 'hex'),
  ALTER COLUMN "token_address" SET DATA TYPE BYTEA USING decode(substr("token_address", 3), 'hex');

ALTER TABLE "erc20_balance"
  ALTER COLUMN "holder" SET DATA TYPE BYTEA USING decode(substr("holder", 3), 'hex'),
  ALTER COLUMN "token_address" SET DATA TYPE BYTEA USING decode(substr("token_address", 3), 'hex');

ALTER TABLE "erc20_balance_change"
  ALTER COLUMN "token_address" SET DATA TYPE BYTEA USING decode(substr("token_address", 3), 'hex'),
  ALTER COLUMN "holder" SET DATA TYPE BYTEA USING decode(substr("holder", 3), 'hex');

ALTER TABLE "evm_block"
  ALTER COLUMN "hash" SET DATA TYPE BYTEA USING decode(substr("hash", 3), 'hex'),
  ALTER COLUMN "parent_hash" SET DATA TYPE BYTEA USING decode(substr("parent_hash", 3), 'hex'),
  ALTER COLUMN "miner" SET DATA TYPE BYTEA USING decode(substr("miner", 3), 'hex'),
  ALTER COLUMN "state_root" SET DATA TYPE BYTEA USING decode(substr("state_root", 3), 'hex'),
  ALTER COLUMN "transactions_root" SET DATA TYPE BYTEA USING decode(substr("transactions_root", 3), 'hex'),
  ALTER COLUMN "receipts_root" SET DATA TYPE BYTEA USING decode(substr("receipts_root", 3), 'hex'),
  ALTER COLUMN "ext_data_hash" SET DATA TYPE BYTEA USING decode(substr("ext_data_hash", 3), 'hex'),
  ALTER COLUMN "parent_beacon_block_root" SET DATA TYPE BYTEA USING decode(substr("parent_beacon_block_root", 3), 'hex');

ALTER TABLE "evm_contract"
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex'),
  ALTER COLUMN "deployment_tx_hash" SET DATA TYPE BYTEA USING decode(substr("deployment_tx_hash", 3), 'hex'),
  ALTER COLUMN "deployer_address" SET DATA TYPE BYTEA USING decode(substr("deployer_address", 3), 'hex'),
  ALTER COLUMN "deployer_contract_address" SET DATA TYPE BYTEA USING decode(substr("deployer_contract_address", 3), 'hex');

ALTER TABLE "evm_internal_transaction"
  ALTER COLUMN "tx_hash" SET DATA TYPE BYTEA USING decode(substr("tx_hash", 3), 'hex'),
  ALTER COLUMN "from_address" SET DATA TYPE BYTEA USING decode(substr("from_address", 3), 'hex'),
  ALTER COLUMN "to_address" SET DATA TYPE BYTEA USING decode(substr("to_address", 3), 'hex');

ALTER TABLE "evm_log"
  ALTER COLUMN "tx_hash" SET DATA TYPE BYTEA USING decode(substr("tx_hash", 3), 'hex'),
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex'),
  ALTER COLUMN "topic0" SET DATA TYPE BYTEA USING decode(substr("topic0", 3), 'hex'),
  ALTER COLUMN "topic1" SET DATA TYPE BYTEA USING decode(substr("topic1", 3), 'hex'),
  ALTER COLUMN "topic2" SET DATA TYPE BYTEA USING decode(substr("topic2", 3), 'hex'),
  ALTER COLUMN "topic3" SET DATA TYPE BYTEA USING decode(substr("topic3", 3), 'hex');

ALTER TABLE "evm_method_signature"
  ALTER COLUMN "method_hash" SET DATA TYPE BYTEA USING decode(substr("method_hash", 3), 'hex');

ALTER TABLE "evm_nft_token"
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex'),
  ALTER COLUMN "owner_address" SET DATA TYPE BYTEA USING decode(substr("owner_address", 3), 'hex');

ALTER TABLE "evm_token_transfer"
  ALTER COLUMN "tx_hash" SET DATA TYPE BYTEA USING decode(substr("tx_hash", 3), 'hex'),
  ALTER COLUMN "token_address" SET DATA TYPE BYTEA USING decode(substr("token_address", 3), 'hex'),
  ALTER COLUMN "from_address" SET DATA TYPE BYTEA USING decode(substr("from_address", 3), 'hex'),
  ALTER COLUMN "to_address" SET DATA TYPE BYTEA USING decode(substr("to_address", 3), 'hex');

ALTER TABLE "evm_transaction"
  ALTER COLUMN "tx_hash" SET DATA TYPE BYTEA USING decode(substr("tx_hash", 3), 'hex'),
  ALTER COLUMN "from_address" SET DATA TYPE BYTEA USING decode(substr("from_address", 3), 'hex'),
  ALTER COLUMN "to_address" SET DATA TYPE BYTEA USING decode(substr("to_address", 3), 'hex'),
  ALTER COLUMN "method_hash" SET DATA TYPE BYTEA USING decode(substr("method_hash", 3), 'hex'),
  ALTER COLUMN "contract_address" SET DATA TYPE BYTEA USING decode(substr("contract_address", 3), 'hex');

ALTER TABLE "metric_address"
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex');

ALTER TABLE "metric_deployer"
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex');

ALTER TABLE "metric_first_seen"
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex');

ALTER TABLE "native_balance_change"
  ALTER COLUMN "address" SET DATA TYPE BYTEA USING decode(substr("address", 3), 'hex');

-- The message whose send is not indexed yet has an empty source transaction: '' as text, empty bytes now.
ALTER TABLE "teleporter_message"
  ALTER COLUMN "source_tx_hash" DROP DEFAULT,
  ALTER COLUMN "teleporter_message_id" SET DATA TYPE BYTEA USING decode(substr("teleporter_message_id", 3), 'hex'),
  ALTER COLUMN "source_tx_hash" SET DATA TYPE BYTEA USING decode(substr("source_tx_hash", 3), 'hex'),
  ALTER COLUMN "destination_tx_hash" SET DATA TYPE BYTEA USING decode(substr("destination_tx_hash", 3), 'hex'),
  ALTER COLUMN "icm_contract_address" SET DATA TYPE BYTEA USING decode(substr("icm_contract_address", 3), 'hex'),
  ALTER COLUMN "origin_sender_address" SET DATA TYPE BYTEA USING decode(substr("origin_sender_address", 3), 'hex'),
  ALTER COLUMN "destination_address" SET DATA TYPE BYTEA USING decode(substr("destination_address", 3), 'hex'),
  ALTER COLUMN "fee_token_address" SET DATA TYPE BYTEA USING decode(substr("fee_token_address", 3), 'hex'),
  ALTER COLUMN "deliverer_address" SET DATA TYPE BYTEA USING decode(substr("deliverer_address", 3), 'hex'),
  ALTER COLUMN "reward_redeemer" SET DATA TYPE BYTEA USING decode(substr("reward_redeemer", 3), 'hex'),
  ALTER COLUMN "execution_tx_hash" SET DATA TYPE BYTEA USING decode(substr("execution_tx_hash", 3), 'hex'),
  ALTER COLUMN "receipt_tx_hash" SET DATA TYPE BYTEA USING decode(substr("receipt_tx_hash", 3), 'hex'),
  ALTER COLUMN "source_tx_hash" SET DEFAULT '\x';

-- The type change drops the columns' planner statistics: tables that hold rows are analyzed again
-- (an empty one analyzed now would look empty to the planner once rows arrive).
DO $$
DECLARE
  t text;
  has_rows boolean;
BEGIN
  FOREACH t IN ARRAY ARRAY['btcb_bridged', 'erc1155_balance', 'erc1155_balance_change', 'erc20_balance', 'erc20_balance_change', 'evm_block', 'evm_contract', 'evm_internal_transaction', 'evm_log', 'evm_method_signature', 'evm_nft_token', 'evm_token_transfer', 'evm_transaction', 'metric_address', 'metric_deployer', 'metric_first_seen', 'native_balance_change', 'teleporter_message'] LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I)', t) INTO has_rows;
    IF has_rows THEN
      EXECUTE format('ANALYZE %I', t);
    END IF;
  END LOOP;
END $$;
