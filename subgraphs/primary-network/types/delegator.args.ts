import { ArgsType, Field, registerEnumType } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';
import { NodeIdList } from '../../shared/params/nodeId';
import { PrimaryAddressList, type PrimaryAddress } from '../../shared/params/primaryAddresses';

/** `delegationStatus` (official `DelegationStatusType`): a delegation is never removed early. */
export enum DelegationStatus {
  completed = 'completed',
  active = 'active',
  pending = 'pending',
}

registerEnumType(DelegationStatus, {
  name: 'DelegationStatus',
  description: 'completed, active or pending, at the time of the request.',
});

/** Arguments of listDelegators. */
@ArgsType()
export class ListDelegatorsArgs extends PageArgs('delegators') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => PrimaryAddressList, {
    nullable: true,
    description: 'Only delegations rewarding one of these addresses (at most 64).',
  })
  rewardAddresses?: PrimaryAddress[];

  @Field(() => DelegationStatus, {
    nullable: true,
    description: 'Only delegations with this status at the time of the request.',
  })
  delegationStatus?: DelegationStatus;

  @Field(() => NodeIdList, { nullable: true, description: 'Only delegations to these nodes (at most 64).' })
  nodeIds?: string[];

  @Field(() => SortOrder, {
    nullable: true,
    description: 'By block index (the time the delegation was added); desc (latest first) when omitted.',
  })
  sortOrder?: SortOrder;
}
