-- CreateIndex
CREATE INDEX "erc20_balance_chain_id_token_address_balance_holder_idx" ON "erc20_balance"("chain_id", "token_address", "balance", "holder");
