import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';

/** Arguments of the EVM chain listing. */
@ArgsType()
export class ListEvmChainsArgs {
  @Field(() => Network, { nullable: true, description: 'Only chains of this network; all when omitted.' })
  network?: Network;
}
