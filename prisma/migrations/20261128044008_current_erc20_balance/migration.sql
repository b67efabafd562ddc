-- CreateTable
CREATE TABLE "erc20_balance" (
    "chain_id" BIGINT NOT NULL,
    "holder" VARCHAR(42) NOT NULL,
    "token_address" VARCHAR(42) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "erc20_balance_pkey" PRIMARY KEY ("chain_id","holder","token_address")
);

-- Existing data: each holder's current balance is its latest change.
INSERT INTO "erc20_balance" ("chain_id", "holder", "token_address", "block_number", "balance")
SELECT DISTINCT ON ("chain_id", "holder", "token_address") "chain_id", "holder", "token_address", "block_number", "balance"
  FROM "erc20_balance_change"
 ORDER BY "chain_id", "holder", "token_address", "block_number" DESC;
