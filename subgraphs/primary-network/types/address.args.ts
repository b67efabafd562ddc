import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { BlockchainId, type BlockchainIdParam } from '../../shared/params/blockchainId';
import { UnixSeconds } from '../../shared/params/numbers';
import { PrimaryAddressList, type PrimaryAddress } from '../../shared/params/primaryAddresses';

/** Arguments of the GraphQL-only `addresses` root field. */
@ArgsType()
export class AddressesArgs {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => PrimaryAddressList, {
    description: 'Comma-separated addresses of the network (at most 64), with or without P-/X- prefix.',
  })
  addresses!: PrimaryAddress[];
}

/** Arguments of `Address.balances`. */
@ArgsType()
export class AddressBalancesArgs {
  @Field(() => BlockchainId, { description: 'The P-, X- or C-Chain: its ID, or p-chain, x-chain, c-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'The instant of the balance, Unix seconds; now when omitted.',
  })
  blockTimestamp?: number;
}
