-- CreateEnum
CREATE TYPE "network" AS ENUM ('mainnet', 'fuji');

-- CreateEnum
CREATE TYPE "validation_status" AS ENUM ('completed', 'active', 'pending', 'removed');

-- CreateEnum
CREATE TYPE "reward_type" AS ENUM ('VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE');

-- CreateEnum
CREATE TYPE "asset_type" AS ENUM ('secp256k1', 'nft');

-- CreateEnum
CREATE TYPE "utxo_type" AS ENUM ('STAKE', 'TRANSFER');

-- CreateEnum
CREATE TYPE "internal_tx_type" AS ENUM ('UNKNOWN', 'CALL', 'CREATE', 'CREATE2', 'CREATE3', 'CALLCODE', 'DELEGATECALL', 'STATICCALL');

-- CreateEnum
CREATE TYPE "erc_type" AS ENUM ('ERC-20', 'ERC-721', 'ERC-1155', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "token_reputation" AS ENUM ('Malicious', 'Benign');

-- CreateEnum
CREATE TYPE "teleporter_direction" AS ENUM ('SOURCE_TRANSACTION', 'DESTINATION_TRANSACTION');

-- CreateEnum
CREATE TYPE "time_interval" AS ENUM ('hour', 'day', 'week', 'month');

-- CreateTable
CREATE TABLE "subnet" (
    "network" "network" NOT NULL,
    "subnet_id" VARCHAR(64) NOT NULL,
    "create_block_timestamp" BIGINT NOT NULL,
    "create_block_index" BIGINT NOT NULL,
    "owner_addresses" TEXT[],
    "threshold" INTEGER NOT NULL,
    "locktime" BIGINT NOT NULL,
    "is_l1" BOOLEAN NOT NULL DEFAULT false,
    "l1_conversion_transaction_hash" VARCHAR(64),
    "l1_validator_manager_blockchain_id" VARCHAR(64),
    "l1_validator_manager_address" VARCHAR(42),

    CONSTRAINT "subnet_pkey" PRIMARY KEY ("network","subnet_id")
);

-- CreateTable
CREATE TABLE "blockchain" (
    "network" "network" NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "subnet_id" VARCHAR(64) NOT NULL,
    "create_block_timestamp" BIGINT NOT NULL,
    "create_block_number" BIGINT NOT NULL,
    "vm_id" VARCHAR(64) NOT NULL,
    "blockchain_name" VARCHAR(128) NOT NULL,
    "evm_chain_id" BIGINT,
    "genesis_data" JSONB,

    CONSTRAINT "blockchain_pkey" PRIMARY KEY ("network","blockchain_id")
);

-- CreateTable
CREATE TABLE "precompile_upgrade" (
    "network" "network" NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "position" INTEGER NOT NULL,
    "precompile_name" VARCHAR(64) NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "disable" BOOLEAN NOT NULL DEFAULT false,
    "config" JSONB NOT NULL,

    CONSTRAINT "precompile_upgrade_pkey" PRIMARY KEY ("network","blockchain_id","position")
);

-- CreateTable
CREATE TABLE "validator" (
    "network" "network" NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,
    "validation_id" VARCHAR(64) NOT NULL,
    "node_id" VARCHAR(64) NOT NULL,
    "subnet_id" VARCHAR(64) NOT NULL,
    "is_l1_validator" BOOLEAN NOT NULL DEFAULT false,
    "amount_staked" DECIMAL(20,0) NOT NULL,
    "weight" BIGINT NOT NULL,
    "delegation_fee" DECIMAL(7,4),
    "start_timestamp" BIGINT NOT NULL,
    "end_timestamp" BIGINT,
    "block_index" BIGINT NOT NULL,
    "removed_at_block_index" BIGINT,
    "bls_public_key" VARCHAR(98),
    "bls_proof_of_possession" VARCHAR(194),
    "validation_status" "validation_status" NOT NULL,
    "delegator_count" INTEGER NOT NULL DEFAULT 0,
    "amount_delegated" DECIMAL(20,0) NOT NULL DEFAULT 0,
    "delegation_capacity" DECIMAL(20,0) NOT NULL DEFAULT 0,
    "uptime_seconds" BIGINT NOT NULL DEFAULT 0,
    "uptime_percentage" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "is_connected" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "l1_balance" DECIMAL(20,0),
    "validation_reward_amount" DECIMAL(20,0),
    "delegation_reward_amount" DECIMAL(20,0),
    "reward_addresses" TEXT[],
    "reward_tx_hash" VARCHAR(64),

    CONSTRAINT "validator_pkey" PRIMARY KEY ("network","tx_hash")
);

-- CreateTable
CREATE TABLE "delegation" (
    "network" "network" NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,
    "validator_tx_hash" VARCHAR(64) NOT NULL,
    "node_id" VARCHAR(64) NOT NULL,
    "amount_delegated" DECIMAL(20,0) NOT NULL,
    "start_timestamp" BIGINT NOT NULL,
    "end_timestamp" BIGINT NOT NULL,
    "block_index" BIGINT NOT NULL,
    "delegation_status" "validation_status" NOT NULL,
    "reward_addresses" TEXT[],
    "reward_tx_hash" VARCHAR(64),
    "delegator_reward_amount" DECIMAL(20,0),

    CONSTRAINT "delegation_pkey" PRIMARY KEY ("network","tx_hash")
);

-- CreateTable
CREATE TABLE "pending_reward" (
    "network" "network" NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,
    "reward_type" "reward_type" NOT NULL,
    "node_id" VARCHAR(64) NOT NULL,
    "amount_staked" DECIMAL(20,0) NOT NULL,
    "start_timestamp" BIGINT NOT NULL,
    "end_timestamp" BIGINT NOT NULL,
    "asset_id" VARCHAR(64) NOT NULL,
    "estimated_reward_amount" DECIMAL(20,0) NOT NULL,

    CONSTRAINT "pending_reward_pkey" PRIMARY KEY ("network","tx_hash","reward_type")
);

-- CreateTable
CREATE TABLE "pending_reward_address" (
    "network" "network" NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,
    "reward_type" "reward_type" NOT NULL,
    "address" VARCHAR(64) NOT NULL,

    CONSTRAINT "pending_reward_address_pkey" PRIMARY KEY ("network","address","tx_hash","reward_type")
);

-- CreateTable
CREATE TABLE "asset" (
    "network" "network" NOT NULL,
    "asset_id" VARCHAR(64) NOT NULL,
    "name" VARCHAR(128) NOT NULL,
    "symbol" VARCHAR(16) NOT NULL,
    "denomination" INTEGER NOT NULL,
    "type" "asset_type" NOT NULL,

    CONSTRAINT "asset_pkey" PRIMARY KEY ("network","asset_id")
);

-- CreateTable
CREATE TABLE "utxo" (
    "network" "network" NOT NULL,
    "utxo_id" VARCHAR(64) NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,
    "output_index" INTEGER NOT NULL,
    "asset_id" VARCHAR(64) NOT NULL,
    "amount" DECIMAL(20,0) NOT NULL,
    "threshold" INTEGER NOT NULL,
    "utxo_type" "utxo_type" NOT NULL,
    "reward_type" "reward_type",
    "platform_locktime" BIGINT NOT NULL DEFAULT 0,
    "stakeable_locktime" BIGINT NOT NULL DEFAULT 0,
    "staked" BOOLEAN NOT NULL DEFAULT false,
    "utxo_start_timestamp" BIGINT,
    "utxo_end_timestamp" BIGINT,
    "created_on_chain_id" VARCHAR(64) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "shared_with_chain_id" VARCHAR(64),
    "consumed_on_chain_id" VARCHAR(64),
    "consuming_tx_hash" VARCHAR(64),
    "consuming_block_number" BIGINT,
    "consuming_block_timestamp" BIGINT,
    "utxo_bytes" TEXT NOT NULL,

    CONSTRAINT "utxo_pkey" PRIMARY KEY ("network","utxo_id")
);

-- CreateTable
CREATE TABLE "utxo_address" (
    "network" "network" NOT NULL,
    "address" VARCHAR(64) NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "utxo_id" VARCHAR(64) NOT NULL,
    "block_timestamp" BIGINT NOT NULL,

    CONSTRAINT "utxo_address_pkey" PRIMARY KEY ("network","address","blockchain_id","utxo_id")
);

-- CreateTable
CREATE TABLE "primary_network_block" (
    "network" "network" NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" VARCHAR(64) NOT NULL,
    "parent_hash" VARCHAR(64) NOT NULL,
    "block_type" VARCHAR(32) NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "tx_count" INTEGER NOT NULL,
    "transactions" TEXT[],
    "block_size_bytes" INTEGER NOT NULL,
    "l1_validators_accrued_fees" BIGINT NOT NULL DEFAULT 0,
    "active_l1_validators" INTEGER NOT NULL DEFAULT 0,
    "current_supply" DECIMAL(20,0) NOT NULL,
    "proposer_id" VARCHAR(64),
    "proposer_parent_id" VARCHAR(64),
    "proposer_node_id" VARCHAR(64),
    "proposer_p_chain_height" BIGINT,
    "proposer_timestamp" BIGINT,

    CONSTRAINT "primary_network_block_pkey" PRIMARY KEY ("network","blockchain_id","block_number")
);

-- CreateTable
CREATE TABLE "x_chain_vertex" (
    "network" "network" NOT NULL,
    "vertex_hash" VARCHAR(64) NOT NULL,
    "parent_hashes" TEXT[],
    "vertex_height" BIGINT NOT NULL,
    "vertex_index" BIGINT NOT NULL,
    "vertex_timestamp" BIGINT NOT NULL,
    "tx_count" INTEGER NOT NULL,
    "transactions" TEXT[],
    "vertex_size_bytes" INTEGER NOT NULL,

    CONSTRAINT "x_chain_vertex_pkey" PRIMARY KEY ("network","vertex_hash")
);

-- CreateTable
CREATE TABLE "primary_network_transaction" (
    "network" "network" NOT NULL,
    "tx_hash" VARCHAR(64) NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "tx_type" VARCHAR(48) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "tx_bytes" TEXT NOT NULL,

    CONSTRAINT "primary_network_transaction_pkey" PRIMARY KEY ("network","tx_hash")
);

-- CreateTable
CREATE TABLE "evm_chain" (
    "chain_id" BIGINT NOT NULL,
    "network" "network" NOT NULL,
    "blockchain_id" VARCHAR(64) NOT NULL,
    "chain_name" VARCHAR(128) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "native_token_name" VARCHAR(64) NOT NULL,
    "native_token_symbol" VARCHAR(16) NOT NULL,
    "native_token_decimals" INTEGER NOT NULL,
    "native_token_logo_uri" TEXT NOT NULL DEFAULT '',
    "native_price_key" VARCHAR(64),

    CONSTRAINT "evm_chain_pkey" PRIMARY KEY ("chain_id")
);

-- CreateTable
CREATE TABLE "evm_block" (
    "chain_id" BIGINT NOT NULL,
    "number" BIGINT NOT NULL,
    "hash" VARCHAR(66) NOT NULL,
    "parent_hash" VARCHAR(66) NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "gas_limit" DECIMAL(78,0) NOT NULL,
    "gas_used" DECIMAL(78,0) NOT NULL,
    "base_fee_per_gas" DECIMAL(78,0),
    "tx_count" INTEGER NOT NULL,
    "miner" VARCHAR(42) NOT NULL,

    CONSTRAINT "evm_block_pkey" PRIMARY KEY ("chain_id","number")
);

-- CreateTable
CREATE TABLE "evm_transaction" (
    "chain_id" BIGINT NOT NULL,
    "tx_hash" VARCHAR(66) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_index" INTEGER NOT NULL,
    "from_address" VARCHAR(42) NOT NULL,
    "to_address" VARCHAR(42),
    "value" DECIMAL(78,0) NOT NULL,
    "gas_limit" DECIMAL(78,0) NOT NULL,
    "gas_used" DECIMAL(78,0) NOT NULL,
    "gas_price" DECIMAL(78,0) NOT NULL,
    "max_fee_per_gas" DECIMAL(78,0),
    "max_priority_fee_per_gas" DECIMAL(78,0),
    "nonce" BIGINT NOT NULL,
    "tx_type" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "input" BYTEA NOT NULL,
    "method_hash" VARCHAR(10),
    "contract_address" VARCHAR(42),

    CONSTRAINT "evm_transaction_pkey" PRIMARY KEY ("chain_id","tx_hash")
);

-- CreateTable
CREATE TABLE "evm_method_signature" (
    "method_hash" VARCHAR(10) NOT NULL,
    "method_name" VARCHAR(256) NOT NULL,

    CONSTRAINT "evm_method_signature_pkey" PRIMARY KEY ("method_hash")
);

-- CreateTable
CREATE TABLE "evm_internal_transaction" (
    "chain_id" BIGINT NOT NULL,
    "tx_hash" VARCHAR(66) NOT NULL,
    "trace_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "from_address" VARCHAR(42) NOT NULL,
    "to_address" VARCHAR(42) NOT NULL,
    "internal_tx_type" "internal_tx_type" NOT NULL,
    "value" DECIMAL(78,0) NOT NULL,
    "gas_used" DECIMAL(78,0) NOT NULL,
    "gas_limit" DECIMAL(78,0) NOT NULL,
    "is_reverted" BOOLEAN NOT NULL,

    CONSTRAINT "evm_internal_transaction_pkey" PRIMARY KEY ("chain_id","tx_hash","trace_index")
);

-- CreateTable
CREATE TABLE "evm_contract" (
    "chain_id" BIGINT NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "erc_type" "erc_type" NOT NULL DEFAULT 'UNKNOWN',
    "name" VARCHAR(256) NOT NULL DEFAULT '',
    "symbol" VARCHAR(64) NOT NULL DEFAULT '',
    "decimals" INTEGER,
    "logo_uri" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "official_site" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "color" VARCHAR(16) NOT NULL DEFAULT '',
    "logo_asset_id" VARCHAR(64),
    "banner_asset_id" VARCHAR(64),
    "banner_uri" TEXT,
    "resource_links" JSONB NOT NULL DEFAULT '[]',
    "tags" TEXT[],
    "token_reputation" "token_reputation",
    "price_key" VARCHAR(64),
    "deployment_tx_hash" VARCHAR(66),
    "deployer_address" VARCHAR(42),
    "deployer_contract_address" VARCHAR(42),
    "deployment_block_number" BIGINT,

    CONSTRAINT "evm_contract_pkey" PRIMARY KEY ("chain_id","address")
);

-- CreateTable
CREATE TABLE "evm_token_transfer" (
    "chain_id" BIGINT NOT NULL,
    "tx_hash" VARCHAR(66) NOT NULL,
    "log_index" INTEGER NOT NULL,
    "batch_index" INTEGER NOT NULL DEFAULT 0,
    "block_number" BIGINT NOT NULL,
    "erc_type" "erc_type" NOT NULL,
    "token_address" VARCHAR(42) NOT NULL,
    "from_address" VARCHAR(42) NOT NULL,
    "to_address" VARCHAR(42) NOT NULL,
    "value" DECIMAL(78,0) NOT NULL,
    "token_id" DECIMAL(78,0),

    CONSTRAINT "evm_token_transfer_pkey" PRIMARY KEY ("chain_id","tx_hash","log_index","batch_index")
);

-- CreateTable
CREATE TABLE "erc20_balance_change" (
    "chain_id" BIGINT NOT NULL,
    "token_address" VARCHAR(42) NOT NULL,
    "holder" VARCHAR(42) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_timestamp" BIGINT NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "erc20_balance_change_pkey" PRIMARY KEY ("chain_id","holder","token_address","block_number")
);

-- CreateTable
CREATE TABLE "native_balance_change" (
    "chain_id" BIGINT NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "native_balance_change_pkey" PRIMARY KEY ("chain_id","address","block_number")
);

-- CreateTable
CREATE TABLE "evm_nft_token" (
    "chain_id" BIGINT NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "token_id" DECIMAL(78,0) NOT NULL,
    "erc_type" "erc_type" NOT NULL,
    "token_uri" TEXT NOT NULL DEFAULT '',
    "owner_address" VARCHAR(42),
    "index_status" VARCHAR(32) NOT NULL DEFAULT 'UNINDEXED',
    "metadata_last_updated_timestamp" BIGINT,
    "metadata_name" TEXT,
    "metadata_symbol" TEXT,
    "image_uri" TEXT,
    "description" TEXT,
    "animation_uri" TEXT,
    "external_url" TEXT,
    "background" TEXT,
    "attributes" TEXT,
    "properties" TEXT,
    "metadata_decimals" INTEGER,

    CONSTRAINT "evm_nft_token_pkey" PRIMARY KEY ("chain_id","address","token_id")
);

-- CreateTable
CREATE TABLE "asset_price" (
    "price_key" VARCHAR(64) NOT NULL,
    "currency_code" VARCHAR(3) NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "value" DECIMAL(38,18) NOT NULL,

    CONSTRAINT "asset_price_pkey" PRIMARY KEY ("price_key","currency_code","timestamp")
);

-- CreateTable
CREATE TABLE "teleporter_message" (
    "teleporter_message_id" VARCHAR(66) NOT NULL,
    "source_blockchain_id" VARCHAR(64) NOT NULL,
    "destination_blockchain_id" VARCHAR(64) NOT NULL,
    "source_tx_hash" VARCHAR(66) NOT NULL,
    "destination_tx_hash" VARCHAR(66),

    CONSTRAINT "teleporter_message_pkey" PRIMARY KEY ("teleporter_message_id")
);

-- CreateTable
CREATE TABLE "chain_metric" (
    "scope" VARCHAR(32) NOT NULL,
    "metric" VARCHAR(32) NOT NULL,
    "time_interval" "time_interval" NOT NULL,
    "timestamp" BIGINT NOT NULL,
    "value" DECIMAL(60,18) NOT NULL,

    CONSTRAINT "chain_metric_pkey" PRIMARY KEY ("scope","metric","time_interval","timestamp")
);

-- CreateIndex
CREATE INDEX "subnet_network_create_block_timestamp_subnet_id_idx" ON "subnet"("network", "create_block_timestamp", "subnet_id");

-- CreateIndex
CREATE INDEX "blockchain_network_subnet_id_idx" ON "blockchain"("network", "subnet_id");

-- CreateIndex
CREATE INDEX "blockchain_evm_chain_id_idx" ON "blockchain"("evm_chain_id");

-- CreateIndex
CREATE INDEX "validator_network_subnet_id_block_index_idx" ON "validator"("network", "subnet_id", "block_index");

-- CreateIndex
CREATE INDEX "validator_network_block_index_idx" ON "validator"("network", "block_index");

-- CreateIndex
CREATE INDEX "validator_network_node_id_idx" ON "validator"("network", "node_id");

-- CreateIndex
CREATE INDEX "validator_network_validation_status_block_index_idx" ON "validator"("network", "validation_status", "block_index");

-- CreateIndex
CREATE INDEX "validator_network_end_timestamp_idx" ON "validator"("network", "end_timestamp");

-- CreateIndex
CREATE INDEX "validator_network_delegation_capacity_idx" ON "validator"("network", "delegation_capacity");

-- CreateIndex
CREATE INDEX "validator_network_delegation_fee_idx" ON "validator"("network", "delegation_fee");

-- CreateIndex
CREATE INDEX "validator_network_uptime_percentage_idx" ON "validator"("network", "uptime_percentage");

-- CreateIndex
CREATE INDEX "validator_validation_id_idx" ON "validator"("validation_id");

-- CreateIndex
CREATE INDEX "delegation_network_validator_tx_hash_idx" ON "delegation"("network", "validator_tx_hash");

-- CreateIndex
CREATE INDEX "pending_reward_network_node_id_start_timestamp_idx" ON "pending_reward"("network", "node_id", "start_timestamp");

-- CreateIndex
CREATE INDEX "pending_reward_network_start_timestamp_idx" ON "pending_reward"("network", "start_timestamp");

-- CreateIndex
CREATE INDEX "pending_reward_address_network_tx_hash_reward_type_idx" ON "pending_reward_address"("network", "tx_hash", "reward_type");

-- CreateIndex
CREATE INDEX "utxo_network_blockchain_id_block_timestamp_idx" ON "utxo"("network", "blockchain_id", "block_timestamp");

-- CreateIndex
CREATE INDEX "utxo_network_blockchain_id_amount_idx" ON "utxo"("network", "blockchain_id", "amount");

-- CreateIndex
CREATE INDEX "utxo_address_network_address_blockchain_id_block_timestamp_idx" ON "utxo_address"("network", "address", "blockchain_id", "block_timestamp");

-- CreateIndex
CREATE INDEX "utxo_address_network_utxo_id_idx" ON "utxo_address"("network", "utxo_id");

-- CreateIndex
CREATE INDEX "primary_network_block_network_blockchain_id_proposer_node_i_idx" ON "primary_network_block"("network", "blockchain_id", "proposer_node_id", "block_timestamp");

-- CreateIndex
CREATE UNIQUE INDEX "primary_network_block_network_blockchain_id_block_hash_key" ON "primary_network_block"("network", "blockchain_id", "block_hash");

-- CreateIndex
CREATE UNIQUE INDEX "x_chain_vertex_network_vertex_index_key" ON "x_chain_vertex"("network", "vertex_index");

-- CreateIndex
CREATE INDEX "primary_network_transaction_network_blockchain_id_block_num_idx" ON "primary_network_transaction"("network", "blockchain_id", "block_number");

-- CreateIndex
CREATE INDEX "evm_chain_blockchain_id_idx" ON "evm_chain"("blockchain_id");

-- CreateIndex
CREATE UNIQUE INDEX "evm_chain_network_blockchain_id_key" ON "evm_chain"("network", "blockchain_id");

-- CreateIndex
CREATE INDEX "evm_block_chain_id_timestamp_idx" ON "evm_block"("chain_id", "timestamp");

-- CreateIndex
CREATE UNIQUE INDEX "evm_block_chain_id_hash_key" ON "evm_block"("chain_id", "hash");

-- CreateIndex
CREATE INDEX "evm_transaction_chain_id_from_address_block_number_idx" ON "evm_transaction"("chain_id", "from_address", "block_number");

-- CreateIndex
CREATE INDEX "evm_transaction_chain_id_to_address_block_number_idx" ON "evm_transaction"("chain_id", "to_address", "block_number");

-- CreateIndex
CREATE UNIQUE INDEX "evm_transaction_chain_id_block_number_block_index_key" ON "evm_transaction"("chain_id", "block_number", "block_index");

-- CreateIndex
CREATE INDEX "evm_internal_transaction_chain_id_from_address_block_number_idx" ON "evm_internal_transaction"("chain_id", "from_address", "block_number");

-- CreateIndex
CREATE INDEX "evm_internal_transaction_chain_id_to_address_block_number_idx" ON "evm_internal_transaction"("chain_id", "to_address", "block_number");

-- CreateIndex
CREATE INDEX "evm_contract_chain_id_deployer_address_deployment_block_num_idx" ON "evm_contract"("chain_id", "deployer_address", "deployment_block_number");

-- CreateIndex
CREATE INDEX "evm_token_transfer_chain_id_from_address_erc_type_block_num_idx" ON "evm_token_transfer"("chain_id", "from_address", "erc_type", "block_number");

-- CreateIndex
CREATE INDEX "evm_token_transfer_chain_id_to_address_erc_type_block_numbe_idx" ON "evm_token_transfer"("chain_id", "to_address", "erc_type", "block_number");

-- CreateIndex
CREATE INDEX "evm_token_transfer_chain_id_block_number_idx" ON "evm_token_transfer"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "erc20_balance_change_chain_id_token_address_block_timestamp_idx" ON "erc20_balance_change"("chain_id", "token_address", "block_timestamp");

-- CreateIndex
CREATE INDEX "teleporter_message_source_tx_hash_idx" ON "teleporter_message"("source_tx_hash");

-- CreateIndex
CREATE INDEX "teleporter_message_destination_tx_hash_idx" ON "teleporter_message"("destination_tx_hash");

-- AddForeignKey
ALTER TABLE "blockchain" ADD CONSTRAINT "blockchain_network_subnet_id_fkey" FOREIGN KEY ("network", "subnet_id") REFERENCES "subnet"("network", "subnet_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "precompile_upgrade" ADD CONSTRAINT "precompile_upgrade_network_blockchain_id_fkey" FOREIGN KEY ("network", "blockchain_id") REFERENCES "blockchain"("network", "blockchain_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "validator" ADD CONSTRAINT "validator_network_subnet_id_fkey" FOREIGN KEY ("network", "subnet_id") REFERENCES "subnet"("network", "subnet_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delegation" ADD CONSTRAINT "delegation_network_validator_tx_hash_fkey" FOREIGN KEY ("network", "validator_tx_hash") REFERENCES "validator"("network", "tx_hash") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pending_reward" ADD CONSTRAINT "pending_reward_network_asset_id_fkey" FOREIGN KEY ("network", "asset_id") REFERENCES "asset"("network", "asset_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pending_reward_address" ADD CONSTRAINT "pending_reward_address_network_tx_hash_reward_type_fkey" FOREIGN KEY ("network", "tx_hash", "reward_type") REFERENCES "pending_reward"("network", "tx_hash", "reward_type") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "utxo" ADD CONSTRAINT "utxo_network_asset_id_fkey" FOREIGN KEY ("network", "asset_id") REFERENCES "asset"("network", "asset_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "utxo_address" ADD CONSTRAINT "utxo_address_network_utxo_id_fkey" FOREIGN KEY ("network", "utxo_id") REFERENCES "utxo"("network", "utxo_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evm_chain" ADD CONSTRAINT "evm_chain_network_blockchain_id_fkey" FOREIGN KEY ("network", "blockchain_id") REFERENCES "blockchain"("network", "blockchain_id") ON DELETE RESTRICT ON UPDATE CASCADE;
