import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { EvmChainId } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { Amount, UnixSeconds } from '../../shared/params/numbers';

/** Arguments of 4.19 addresses by balance over time. */
@ArgsType()
export class GetAddressesByBalanceOverTimeArgs extends PageArgs('holders') {
  @Field(() => EvmChainId, { description: 'A supported EVM chain ID (blockchain IDs are not accepted here).' })
  chainId!: bigint;

  @Field(() => EvmAddress, { description: 'The ERC-20 contract.' })
  address!: string;

  @Field(() => Amount, {
    description:
      "Addresses whose balance was above this amount (the token's smallest unit) at some time in the window.",
  })
  threshold!: bigint;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'Start of the window (Unix seconds, inclusive); genesis when omitted.',
  })
  startTimestamp?: number;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'End of the window (Unix seconds, inclusive); the latest block when omitted.',
  })
  endTimestamp?: number;
}
