import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { Cb58Id } from '../../shared/params/cb58Id';
import { NodeId } from '../../shared/params/nodeId';

/** Arguments of listL1Validators. */
@ArgsType()
export class ListL1ValidatorsArgs extends PageArgs('l1Validators') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => Cb58Id, { nullable: true, description: 'Only this L1 validation.' })
  l1ValidationId?: string;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Also the inactive validations (balance run out, disabled, or removed); active ones only when omitted.',
  })
  includeInactiveL1Validators?: boolean;

  @Field(() => NodeId, { nullable: true, description: 'Only validations of this node.' })
  nodeId?: string;

  @Field(() => Cb58Id, { nullable: true, description: 'Only validations of this L1 (subnet ID).' })
  subnetId?: string;
}
