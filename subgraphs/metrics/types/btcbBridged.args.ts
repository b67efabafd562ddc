import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { Amount } from '../../shared/params/numbers';

/** Arguments of getAddressesByBtcbBridged. */
@ArgsType()
export class GetAddressesByBtcbBridgedArgs extends PageArgs('btcbBridgers') {
  @Field(() => Amount, {
    description: 'Addresses whose net bridged BTC.b is above this amount, in satoshis (BTC.b has 8 decimals).',
  })
  threshold!: bigint;
}
