-- No statement needs these indexes: another index or the primary key serves their queries.

-- DropIndex
DROP INDEX "l1_validator_fee_event_network_block_index_tx_order_idx";

-- DropIndex
DROP INDEX "validator_network_block_index_validation_id_idx";
