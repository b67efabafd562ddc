import { hexToBytes } from '../../../prisma/hexBytes';
import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import type { SubgraphDeps } from '../../shared/subgraph';
import { listNftHolders, type NftKind } from '../queries/listNftHolders';
import { GetNftHoldersByContractAddressArgs } from '../types/nftHolder.args';
import { NftHoldersResponse } from '../types/nftHolder.type';

const NFT_KINDS: Record<string, NftKind> = { ERC721: 'ERC-721', ERC1155: 'ERC-1155' };

@Resolver()
export class NftHolderResolver {
  @Query(() => NftHoldersResponse, {
    description:
      'The holders of an ERC-721 or ERC-1155 collection, in address order, with how many of its NFTs each holds and the collection totals.',
  })
  async getNftHoldersByContractAddress(
    @Args() args: GetNftHoldersByContractAddressArgs,
    @Ctx() context: SubgraphDeps,
  ): Promise<NftHoldersResponse> {
    const [chain, contract] = await Promise.all([
      context.prisma.evmChain.findUnique({ where: { chainId: args.chainId }, select: { chainId: true } }),
      context.prisma.evmContract.findUnique({
        where: { chainId_address: { chainId: args.chainId, address: hexToBytes(args.address) } },
        select: { ercType: true, name: true, symbol: true },
      }),
    ]);
    if (!chain) throw new NotFoundError(`chain ${args.chainId} is not indexed by this service`);
    if (contract?.ercType === 'ERC20')
      throw new BadRequestError(
        `address ${args.address} is an ERC-20 contract on chain ${args.chainId}, not an ERC-721 or ERC-1155 collection`,
      );
    const kind = contract ? NFT_KINDS[contract.ercType] : undefined;
    if (!kind) return { addresses: [], nftCollectionName: [], nftSymbol: [], totalHolders: 0, totalTokens: '0' };
    return listNftHolders(context, args, kind, contract);
  }
}
