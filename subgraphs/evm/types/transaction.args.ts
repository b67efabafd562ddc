import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { BlockId, type BlockIdParam } from '../../shared/params/blockId';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmHash } from '../../shared/params/evmHash';

/** Arguments of 4.13 list transactions for a block. */
@ArgsType()
export class GetTransactionsForBlockArgs extends PageArgs('blockTransactions') {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => BlockId, { description: 'A block number, or a block hash.' })
  blockId!: BlockIdParam;
}

/** Arguments of 4.16 get transaction. */
@ArgsType()
export class GetTransactionArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmHash, { description: 'The transaction hash.' })
  txHash!: string;
}
