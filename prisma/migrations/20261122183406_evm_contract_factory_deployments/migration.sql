-- CreateIndex
CREATE INDEX "evm_contract_chain_id_deployer_contract_address_deployment__idx" ON "evm_contract"("chain_id", "deployer_contract_address", "deployment_block_number", "address");
