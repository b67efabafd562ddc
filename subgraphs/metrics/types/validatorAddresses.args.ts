import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { Cb58Id } from '../../shared/params/cb58Id';
import { UnixSeconds } from '../../shared/params/numbers';

/** Arguments of getValidatorsByDateRange. */
@ArgsType()
export class GetValidatorsByDateRangeArgs extends PageArgs('validatorAddresses') {
  @Field(() => Cb58Id, {
    description: 'The subnet or L1 (the primary network is 11111111111111111111111111111111LpoYY).',
  })
  subnetId!: string;

  @Field(() => Network, { nullable: true, description: 'Either mainnet or testnet/fuji; mainnet when omitted.' })
  network?: Network;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'Start of the time frame (Unix seconds): validations still in the set after it.',
  })
  startTimestamp?: number;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'End of the time frame (Unix seconds): validations started at or before it.',
  })
  endTimestamp?: number;
}
