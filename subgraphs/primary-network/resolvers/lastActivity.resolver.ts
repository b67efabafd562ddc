import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { NotFoundError } from '../../shared/errors';
import { fromDbNetwork, toDbNetwork } from '../../shared/network';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { lastActivitySql, type LastActivityRow } from '../queries/lastActivitySql';
import { LastActivityArgs, LastActivityV2Args } from '../types/lastActivity.args';
import { LastActivityTimestamp } from '../types/lastActivity.type';

const description =
  'The newest activity of the addresses on the chain: the latest creation or consumption of a UTXO they own that the chain holds (its UTXO set or its shared memory). Not found when the index has none.';

@Resolver()
export class LastActivityResolver {
  @Query(() => LastActivityTimestamp, { description })
  getLastActivityTimestampByAddresses(
    @Args() args: LastActivityArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<LastActivityTimestamp> {
    return lastActivity(args, context);
  }

  @Query(() => LastActivityTimestamp, {
    description: `${description} For more addresses (REST: POST, the addresses in the JSON body).`,
  })
  getLastActivityTimestampByAddressesV2(
    @Args() args: LastActivityV2Args,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<LastActivityTimestamp> {
    return lastActivity(args, context);
  }
}

/** The answer of either form. */
async function lastActivity(
  args: LastActivityArgs | LastActivityV2Args,
  context: PrimaryNetworkContext,
): Promise<LastActivityTimestamp> {
  const network = toDbNetwork(args.network);
  const chain = resolvePrimaryChain(network, args.blockchainId);
  const addresses = addressesOfNetwork(network, args.addresses);
  const [row] = await readSql<LastActivityRow>(
    context.read,
    lastActivitySql(network, chain.blockchainId, addresses),
    KEEP_PLAN,
  );
  if (!row) throw new NotFoundError(`no activity of these addresses is indexed on the ${chain.chainName}`);
  return {
    timestamp: Number(row.timestamp),
    blockNumber: row.blockNumber.toString(),
    txHash: row.txHash,
    utxoId: row.utxoId,
    isConsumed: row.isConsumed,
    chainName: chain.chainName,
    network: fromDbNetwork(network),
  };
}
