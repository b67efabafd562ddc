-- AlterTable
ALTER TABLE "evm_transaction" ADD COLUMN     "access_list" JSONB,
ADD COLUMN     "sig_r" VARCHAR(66),
ADD COLUMN     "sig_s" VARCHAR(66),
ADD COLUMN     "sig_v" DECIMAL(78,0);
