-- AlterTable
ALTER TABLE "evm_block" ADD COLUMN     "atomic_burned_total" DECIMAL(20,0);
