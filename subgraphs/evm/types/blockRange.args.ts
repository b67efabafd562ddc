import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import type { PagedList } from '../../shared/limits';
import { BlockNumber } from '../../shared/params/numbers';

/**
 * `startBlock` and `endBlock` with the page arguments of a list: the block range every list of
 * one account's or one token's history takes. Extend it with the list's own arguments:
 *
 * @example
 * @ArgsType() class ListTokenTransfersArgs extends BlockRangePageArgsOf('tokenTransfers') { ... }
 */
export function BlockRangePageArgsOf(list: PagedList) {
  @ArgsType()
  abstract class ListBlockRangePageArgs extends PageArgs(list) {
    @Field(() => BlockNumber, {
      nullable: true,
      description: 'First block of the range (inclusive); the genesis block when omitted.',
    })
    startBlock?: bigint;

    @Field(() => BlockNumber, {
      nullable: true,
      description: 'End of the range (exclusive); up to the latest block when omitted.',
    })
    endBlock?: bigint;
  }
  return ListBlockRangePageArgs;
}
