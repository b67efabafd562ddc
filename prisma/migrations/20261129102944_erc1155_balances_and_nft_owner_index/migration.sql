-- CreateTable
CREATE TABLE "erc1155_balance_change" (
    "chain_id" BIGINT NOT NULL,
    "holder" VARCHAR(42) NOT NULL,
    "token_address" VARCHAR(42) NOT NULL,
    "token_id" DECIMAL(78,0) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "erc1155_balance_change_pkey" PRIMARY KEY ("chain_id","holder","token_address","token_id","block_number")
);

-- CreateTable
CREATE TABLE "erc1155_balance" (
    "chain_id" BIGINT NOT NULL,
    "holder" VARCHAR(42) NOT NULL,
    "token_address" VARCHAR(42) NOT NULL,
    "token_id" DECIMAL(78,0) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "erc1155_balance_pkey" PRIMARY KEY ("chain_id","holder","token_address","token_id")
);

-- Existing data: each holder's balance of a token ID after each block that changed it, the running
-- sum of its ERC-1155 transfers (the zero address holds nothing), and its current balance, the change
-- of its latest block. Exact for a chain indexed from its genesis, as the indexer writes it; the
-- indexer itself opens a token older than its start block with balanceOf, which SQL cannot call.
INSERT INTO "erc1155_balance_change" ("chain_id", "holder", "token_address", "token_id", "block_number", "balance")
SELECT "chain_id", "holder", "token_address", "token_id", "block_number",
       sum("delta") OVER (PARTITION BY "chain_id", "holder", "token_address", "token_id" ORDER BY "block_number")
  FROM (SELECT "chain_id", "holder", "token_address", "token_id", "block_number", sum("delta") AS "delta"
          FROM (SELECT "chain_id", "to_address" AS "holder", "token_address", "token_id", "block_number", "value" AS "delta"
                  FROM "evm_token_transfer" WHERE "erc_type" = 'ERC-1155'
                UNION ALL
                SELECT "chain_id", "from_address", "token_address", "token_id", "block_number", -"value"
                  FROM "evm_token_transfer" WHERE "erc_type" = 'ERC-1155') AS "moves"
         WHERE "holder" <> '0x0000000000000000000000000000000000000000'
         GROUP BY "chain_id", "holder", "token_address", "token_id", "block_number") AS "per_block";

INSERT INTO "erc1155_balance" ("chain_id", "holder", "token_address", "token_id", "block_number", "balance")
SELECT DISTINCT ON ("chain_id", "holder", "token_address", "token_id") "chain_id", "holder", "token_address", "token_id", "block_number", "balance"
  FROM "erc1155_balance_change"
 ORDER BY "chain_id", "holder", "token_address", "token_id", "block_number" DESC;

-- CreateIndex
CREATE INDEX "evm_nft_token_chain_id_owner_address_address_token_id_idx" ON "evm_nft_token"("chain_id", "owner_address", "address", "token_id");
