import { ArgsType, Field } from 'type-graphql';
import { BlockRangePageArgsOf } from './blockRange.args';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';

/** The block range and page of a transfer list (4.8–4.11), as an account view on one chain takes them. */
@ArgsType()
export class BlockRangePageArgs extends BlockRangePageArgsOf('transfers') {}

/** Arguments of 4.8–4.11: transfers or internal transactions of an address in a block range. */
@ArgsType()
export class ListTransfersArgs extends BlockRangePageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, { description: 'The account: transfers it sent or received.' })
  address!: string;
}
