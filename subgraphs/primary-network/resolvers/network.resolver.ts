import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import type { Blockchain as BlockchainRow } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';
import { NotFoundError } from '../../shared/errors';
import { fromDbNetwork, toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { bigintKey, stringKey } from '../../shared/paging/keyCodecs';
import { paginate } from '../../shared/paging/paginate';
import { sortKey } from '../../shared/paging/sortKey';
import { addressesOfNetwork } from '../../shared/params/primaryAddresses';
import { resolvePrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatAssetDetails } from '../formatters/asset';
import { formatBlockchain } from '../formatters/blockchain';
import { formatNetworkDetails } from '../formatters/networkDetails';
import { formatSubnet } from '../formatters/subnet';
import { chainIdsOfAddressesSql, type AddressChainRow } from '../queries/chainIdsOfAddressesSql';
import {
  activeDelegationsSql,
  activeValidatorsByVersionSql,
  currentSupplySql,
  type ActiveDelegationsRow,
  type CurrentSupplyRow,
  type ValidatorsByVersionRow,
} from '../queries/networkDetailsSql';
import { Blockchain } from '../types/blockchain.type';
import {
  ChainIdsForAddressesArgs,
  GetAssetArgs,
  GetBlockchainArgs,
  GetSubnetArgs,
  ListBlockchainsArgs,
  NetworkArgs,
} from '../types/network.args';
import {
  ChainAddressChainIdMapListResponse,
  GetNetworkDetailsResponse,
  ListBlockchainsResponse,
  XChainAssetDetails,
} from '../types/network.type';
import { Subnet } from '../types/subnet.type';

/** Keyset order of list blockchains: creation time, then ID (index `blockchain(network, create_block_timestamp, blockchain_id)`). */
const blockchainOrder = [
  sortKey<BlockchainRow>('createBlockTimestamp', bigintKey),
  sortKey<BlockchainRow>('blockchainId', stringKey),
];

@Resolver()
export class NetworkResolver {
  @Query(() => GetNetworkDetailsResponse, {
    description:
      "The primary network's validations and delegations active at the request's instant: counts, stake, potential rewards, stake per avalanchego version and the staking ratio.",
  })
  async getNetworkDetails(
    @Args() args: NetworkArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<GetNetworkDetailsResponse> {
    const network = toDbNetwork(args.network);
    const at = context.clock();
    const validators = await readSql<ValidatorsByVersionRow>(context.read, activeValidatorsByVersionSql(network, at));
    const [delegations] = await readSql<ActiveDelegationsRow>(context.read, activeDelegationsSql(network, at));
    const [supply] = await readSql<CurrentSupplyRow>(context.read, currentSupplySql(network, at));
    return formatNetworkDetails(validators, delegations!, supply?.currentSupply ?? null);
  }

  @Query(() => ListBlockchainsResponse, {
    description:
      'The blockchains created on the network (CreateChainTx, and the P-, X- and C-Chain), newest first by default.',
  })
  async listBlockchains(
    @Args() args: ListBlockchainsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListBlockchainsResponse> {
    const page = await paginate(
      {
        list: 'blockchains',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: blockchainOrder,
      },
      { network: toDbNetwork(args.network) },
      (query) => context.prisma.blockchain.findMany(query),
    );
    return { nextPageToken: page.nextPageToken, blockchains: page.items.map(formatBlockchain) };
  }

  @Query(() => Blockchain, { description: 'A blockchain of the network by ID; one not indexed is a 404.' })
  async getBlockchainById(@Args() args: GetBlockchainArgs, @Ctx() context: PrimaryNetworkContext): Promise<Blockchain> {
    const network = toDbNetwork(args.network);
    const row = await context.loaders.blockchain.load({ network, blockchainId: args.blockchainId });
    if (!row)
      throw new NotFoundError(
        `blockchain ${args.blockchainId} is not a blockchain of ${args.network} this service indexes`,
      );
    return formatBlockchain(row);
  }

  @Query(() => Subnet, {
    description: 'A subnet or L1 of the network by ID, with its blockchains; one not indexed is a 404.',
  })
  async getSubnetById(@Args() args: GetSubnetArgs, @Ctx() context: PrimaryNetworkContext): Promise<Subnet> {
    const network = toDbNetwork(args.network);
    const row = await context.loaders.subnet.load({ network, subnetId: args.subnetId });
    if (!row)
      throw new NotFoundError(`subnet ${args.subnetId} is not a subnet of ${args.network} this service indexes`);
    // `blockchains` comes from Subnet's field resolver (SubnetResolver), as in listSubnets.
    return formatSubnet(row) as Subnet;
  }

  @Query(() => XChainAssetDetails, { description: 'An X-Chain asset by ID; one not indexed is a 404.' })
  async getAssetDetails(
    @Args() args: GetAssetArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<XChainAssetDetails> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId, ['x-chain']);
    const row = await context.prisma.asset.findUnique({
      where: { network_assetId: { network: chain.network, assetId: args.assetId } },
    });
    if (!row)
      throw new NotFoundError(
        `asset ${args.assetId} is not an X-Chain asset of ${fromDbNetwork(chain.network)} this service indexes`,
      );
    return formatAssetDetails(row);
  }

  @Query(() => ChainAddressChainIdMapListResponse, {
    description:
      'For each address, the P-, X- and C-Chain (in that order) where it owns or owned an output; an address seen nowhere has an empty list.',
  })
  async getChainIdsForAddresses(
    @Args() args: ChainIdsForAddressesArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ChainAddressChainIdMapListResponse> {
    const network = toDbNetwork(args.network);
    const addresses = addressesOfNetwork(network, args.addresses);
    const chains = PUBLIC_NETWORKS[network].chains;
    const rows = await readSql<AddressChainRow>(
      context.read,
      chainIdsOfAddressesSql(network, addresses, [chains['p-chain'], chains['x-chain'], chains['c-chain']]),
    );
    const byAddress = new Map<string, string[]>(addresses.map((address) => [address, []]));
    for (const row of rows) byAddress.get(row.address)?.push(row.blockchainId);
    return { addresses: [...byAddress].map(([address, blockchainIds]) => ({ address, blockchainIds })) };
  }
}
