import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { EvmChainId } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';

/** Arguments of getNftHoldersByContractAddress. */
@ArgsType()
export class GetNftHoldersByContractAddressArgs extends PageArgs('nftHolders') {
  @Field(() => EvmChainId, { description: 'A supported EVM chain ID (blockchain IDs are not accepted here).' })
  chainId!: bigint;

  @Field(() => EvmAddress, { description: 'The ERC-721 or ERC-1155 collection.' })
  address!: string;
}
