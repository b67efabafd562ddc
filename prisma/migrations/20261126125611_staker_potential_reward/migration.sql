-- AlterTable
ALTER TABLE "delegation" ADD COLUMN     "potential_reward" DECIMAL(20,0);

-- AlterTable
ALTER TABLE "validator" ADD COLUMN     "potential_reward" DECIMAL(20,0);
