-- DropIndex
DROP INDEX "blockchain_network_subnet_id_idx";

-- DropIndex
DROP INDEX "evm_contract_chain_id_deployer_address_deployment_block_num_idx";

-- DropIndex
DROP INDEX "evm_internal_transaction_chain_id_from_address_block_number_idx";

-- DropIndex
DROP INDEX "evm_internal_transaction_chain_id_to_address_block_number_idx";

-- DropIndex
DROP INDEX "evm_token_transfer_chain_id_block_number_idx";

-- DropIndex
DROP INDEX "evm_token_transfer_chain_id_from_address_erc_type_block_num_idx";

-- DropIndex
DROP INDEX "evm_token_transfer_chain_id_to_address_erc_type_block_numbe_idx";

-- DropIndex
DROP INDEX "evm_transaction_chain_id_from_address_block_number_idx";

-- DropIndex
DROP INDEX "evm_transaction_chain_id_to_address_block_number_idx";

-- DropIndex
DROP INDEX "pending_reward_network_node_id_start_timestamp_idx";

-- DropIndex
DROP INDEX "pending_reward_network_start_timestamp_idx";

-- DropIndex
DROP INDEX "primary_network_block_network_blockchain_id_proposer_node_i_idx";

-- DropIndex
DROP INDEX "primary_network_transaction_network_blockchain_id_block_num_idx";

-- DropIndex
DROP INDEX "utxo_network_blockchain_id_amount_idx";

-- DropIndex
DROP INDEX "utxo_network_blockchain_id_block_timestamp_idx";

-- DropIndex
DROP INDEX "utxo_address_network_address_blockchain_id_block_timestamp_idx";

-- DropIndex
DROP INDEX "validator_network_block_index_idx";

-- DropIndex
DROP INDEX "validator_network_delegation_capacity_idx";

-- DropIndex
DROP INDEX "validator_network_delegation_fee_idx";

-- DropIndex
DROP INDEX "validator_network_end_timestamp_idx";

-- DropIndex
DROP INDEX "validator_network_subnet_id_block_index_idx";

-- DropIndex
DROP INDEX "validator_network_uptime_percentage_idx";

-- CreateIndex
CREATE INDEX "blockchain_network_subnet_id_create_block_timestamp_blockch_idx" ON "blockchain"("network", "subnet_id", "create_block_timestamp", "blockchain_id");

-- CreateIndex
CREATE INDEX "evm_contract_chain_id_deployer_address_deployment_block_num_idx" ON "evm_contract"("chain_id", "deployer_address", "deployment_block_number", "address");

-- CreateIndex
CREATE INDEX "evm_internal_transaction_chain_id_from_address_block_number_idx" ON "evm_internal_transaction"("chain_id", "from_address", "block_number", "tx_hash", "trace_index");

-- CreateIndex
CREATE INDEX "evm_internal_transaction_chain_id_to_address_block_number_t_idx" ON "evm_internal_transaction"("chain_id", "to_address", "block_number", "tx_hash", "trace_index");

-- CreateIndex
CREATE INDEX "evm_token_transfer_chain_id_from_address_erc_type_block_num_idx" ON "evm_token_transfer"("chain_id", "from_address", "erc_type", "block_number", "log_index", "batch_index");

-- CreateIndex
CREATE INDEX "evm_token_transfer_chain_id_to_address_erc_type_block_numbe_idx" ON "evm_token_transfer"("chain_id", "to_address", "erc_type", "block_number", "log_index", "batch_index");

-- CreateIndex
CREATE INDEX "evm_token_transfer_chain_id_block_number_log_index_batch_in_idx" ON "evm_token_transfer"("chain_id", "block_number", "log_index", "batch_index");

-- CreateIndex
CREATE INDEX "evm_transaction_chain_id_from_address_block_number_block_in_idx" ON "evm_transaction"("chain_id", "from_address", "block_number", "block_index");

-- CreateIndex
CREATE INDEX "evm_transaction_chain_id_to_address_block_number_block_inde_idx" ON "evm_transaction"("chain_id", "to_address", "block_number", "block_index");

-- CreateIndex
CREATE INDEX "pending_reward_network_node_id_start_timestamp_tx_hash_rewa_idx" ON "pending_reward"("network", "node_id", "start_timestamp", "tx_hash", "reward_type");

-- CreateIndex
CREATE INDEX "pending_reward_network_start_timestamp_tx_hash_reward_type_idx" ON "pending_reward"("network", "start_timestamp", "tx_hash", "reward_type");

-- CreateIndex
CREATE INDEX "primary_network_block_network_blockchain_id_proposer_node_i_idx" ON "primary_network_block"("network", "blockchain_id", "proposer_node_id", "block_timestamp", "block_number");

-- CreateIndex
CREATE INDEX "primary_network_transaction_network_blockchain_id_block_num_idx" ON "primary_network_transaction"("network", "blockchain_id", "block_number", "tx_hash");

-- CreateIndex
CREATE INDEX "utxo_network_blockchain_id_block_timestamp_utxo_id_idx" ON "utxo"("network", "blockchain_id", "block_timestamp", "utxo_id");

-- CreateIndex
CREATE INDEX "utxo_network_blockchain_id_amount_utxo_id_idx" ON "utxo"("network", "blockchain_id", "amount", "utxo_id");

-- CreateIndex
CREATE INDEX "utxo_address_network_address_blockchain_id_block_timestamp__idx" ON "utxo_address"("network", "address", "blockchain_id", "block_timestamp", "utxo_id");

-- CreateIndex
CREATE INDEX "validator_network_subnet_id_block_index_validation_id_idx" ON "validator"("network", "subnet_id", "block_index", "validation_id");

-- CreateIndex
CREATE INDEX "validator_network_block_index_validation_id_idx" ON "validator"("network", "block_index", "validation_id");

-- CreateIndex
CREATE INDEX "validator_network_end_timestamp_validation_id_idx" ON "validator"("network", "end_timestamp", "validation_id");

-- CreateIndex
CREATE INDEX "validator_network_delegation_capacity_validation_id_idx" ON "validator"("network", "delegation_capacity", "validation_id");

-- CreateIndex
CREATE INDEX "validator_network_subnet_id_delegation_fee_validation_id_idx" ON "validator"("network", "subnet_id", "delegation_fee", "validation_id");

-- CreateIndex
CREATE INDEX "validator_network_uptime_percentage_validation_id_idx" ON "validator"("network", "uptime_percentage", "validation_id");
