-- CreateTable
CREATE TABLE "btcb_bridged" (
    "address" VARCHAR(42) NOT NULL,
    "net" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "btcb_bridged_pkey" PRIMARY KEY ("address")
);

-- CreateIndex
CREATE INDEX "btcb_bridged_net_address_idx" ON "btcb_bridged"("net", "address");

-- CreateIndex
CREATE INDEX "erc1155_balance_chain_id_token_address_holder_idx" ON "erc1155_balance"("chain_id", "token_address", "holder");

-- CreateIndex
CREATE INDEX "evm_nft_token_chain_id_address_owner_address_idx" ON "evm_nft_token"("chain_id", "address", "owner_address");
