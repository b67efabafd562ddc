import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatChainInfo } from '../formatters/chainInfo';
import { formatPChainUtxo, formatUtxo } from '../formatters/utxo';
import { listUtxosSql, utxoSortKeys, type UtxoListRow } from '../queries/listUtxosSql';
import { ListUtxosArgs, ListUtxosV2Args, UtxoSortBy } from '../types/primaryChain.args';
import { GetUtxosResponse } from '../types/utxo.type';
import { readSql } from '../../../prisma/read/readSql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';

@Resolver()
export class UtxoResolver {
  @Query(() => GetUtxosResponse, {
    description:
      'UTXOs of a set of addresses on the P-, X- or C-Chain (C-Chain: atomic memory), in the shape of the chain; unspent only unless includeSpent, newest first by default.',
  })
  getUtxosByAddresses(@Args() args: ListUtxosArgs, @Ctx() context: PrimaryNetworkContext): Promise<GetUtxosResponse> {
    return listUtxos(args, context);
  }

  @Query(() => GetUtxosResponse, {
    description:
      'getUtxosByAddresses for more addresses (REST: POST, the addresses in the JSON body) and larger pages; the same answers and page tokens.',
  })
  getUtxosByAddressesV2(
    @Args() args: ListUtxosV2Args,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<GetUtxosResponse> {
    return listUtxos(args, context);
  }
}

/** One UTXO page, whichever form asked (the page size was bounded by the form's own limits). */
async function listUtxos(
  args: ListUtxosArgs | ListUtxosV2Args,
  context: PrimaryNetworkContext,
): Promise<GetUtxosResponse> {
  const network = toDbNetwork(args.network);
  const chain = resolvePrimaryChain(network, args.blockchainId);
  if (args.assetId !== undefined && chain.chainName !== 'x-chain') {
    throw new BadRequestError(
      `assetId is only accepted on the X-Chain: the ${chain.chainName.replace('-chain', '').toUpperCase()}-Chain holds AVAX only`,
    );
  }
  const filter = {
    network,
    blockchainId: chain.blockchainId,
    addresses: addressesOfNetwork(network, args.addresses),
    assetId: args.assetId,
    minAmount: args.minUtxoAmount ?? 0n,
    includeSpent: args.includeSpent ?? false,
  };
  const page = await paginateSql(
    {
      list: 'utxos',
      args,
      signer: context.pageTokens,
      order: args.sortOrder ?? defaultSortOrder,
      keys: utxoSortKeys(args.sortBy ?? UtxoSortBy.timestamp),
    },
    (keyset) => listUtxosSql(filter, keyset),
    // Its plan, with the tables' statistics (kept by every writer, and made when the database
    // opens), starts from the owners' index whatever the addresses; without them it walked every
    // UTXO in time order (prisma/read/preparedReads.ts).
    (sql) => readSql<UtxoListRow>(context.read, sql, KEEP_PLAN),
  );
  const chainInfo = formatChainInfo(chain);
  return chain.chainName === 'p-chain'
    ? { nextPageToken: page.nextPageToken, utxos: page.items.map(formatPChainUtxo), chainInfo }
    : { nextPageToken: page.nextPageToken, utxos: page.items.map(formatUtxo), chainInfo };
}
