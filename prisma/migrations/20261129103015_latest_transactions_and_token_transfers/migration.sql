-- CreateIndex
CREATE INDEX "evm_token_transfer_chain_id_token_address_block_number_log__idx" ON "evm_token_transfer"("chain_id", "token_address", "block_number", "log_index", "batch_index");

-- CreateIndex
CREATE INDEX "evm_transaction_failed_idx" ON "evm_transaction"("chain_id", "block_number", "block_index") WHERE (status = 0);
