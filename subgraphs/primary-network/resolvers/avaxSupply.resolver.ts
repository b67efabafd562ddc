import { Ctx, Query, Resolver } from 'type-graphql';
import { readSql } from '../../../prisma/read/readSql';
import { NotFoundError } from '../../shared/errors';
import type { PrimaryNetworkContext } from '../context';
import { formatAvax } from '../formatters/avaxAmount';
import { avaxSupplySql, type AvaxSupplyRow } from '../queries/avaxSupplySql';
import { AvaxSupplyResponse } from '../types/avaxSupply.type';

/** AVAX's genesis allocations on mainnet (avalanchego genesis/genesis_mainnet.json), nAVAX. */
export const MAINNET_GENESIS_ALLOCATIONS = 360_000_000n * 1_000_000_000n;

/** wei per nAVAX: the C-Chain counts 18 decimals, the P- and X-Chain 9. */
const WEI_PER_NAVAX = 1_000_000_000n;

@Resolver()
export class AvaxSupplyResolver {
  @Query(() => AvaxSupplyResponse, {
    description:
      "Mainnet's AVAX supply: the P-Chain's followed supply less what the P-, X- and C-Chain burned, with the staked, rewarded and burned totals the index keeps with every block.",
  })
  async getAvaxSupply(@Ctx() context: PrimaryNetworkContext): Promise<AvaxSupplyResponse> {
    const [row] = await readSql<AvaxSupplyRow>(context.read, avaxSupplySql('MAINNET', context.clock()));
    if (!row) throw new NotFoundError('the supply is not known: no mainnet P-Chain block is indexed yet');
    const wei = (nAvax: string) => BigInt(nAvax) * WEI_PER_NAVAX;
    const pBurned = wei(row.pBurned);
    const xBurned = wei(row.xBurned);
    // The EVM transactions' fees (wei) and the atomic transactions' (nAVAX).
    const cBurned = BigInt(row.cBurnedWei) + wei(row.cAtomicBurned);
    const totalSupply = wei(row.currentSupply) - pBurned - xBurned - cBurned;
    const locked = 0n;
    return {
      circulatingSupply: formatAvax(totalSupply - locked, 18),
      totalSupply: formatAvax(totalSupply, 18),
      totalPBurned: formatAvax(pBurned, 18),
      totalCBurned: formatAvax(cBurned, 18),
      totalXBurned: formatAvax(xBurned, 18),
      totalStaked: formatAvax(BigInt(row.staked), 9),
      totalLocked: formatAvax(locked, 9),
      totalRewards: formatAvax(BigInt(row.rewards), 9),
      lastUpdated: new Date(Number(row.lastUpdated) * 1000).toISOString(),
      genesisUnlock: formatAvax(MAINNET_GENESIS_ALLOCATIONS, 9),
      l1ValidatorFees: formatAvax(BigInt(row.l1ValidatorFees), 9),
    };
  }
}
