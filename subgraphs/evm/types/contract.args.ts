import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';

/** The page of 4.15, as an account view on one chain takes it. */
@ArgsType()
export class DeploymentsPageArgs extends PageArgs('deployments') {}

/** Arguments of 4.15 list deployed contracts. */
@ArgsType()
export class ListContractDeploymentsArgs extends DeploymentsPageArgs {
  @Field(() => ChainId, { description: 'An EVM chain ID, or the blockchain ID of the chain.' })
  chainId!: ChainIdParam;

  @Field(() => EvmAddress, {
    description: 'The deployer: the account that sent the deployments, or the factory contract that created them.',
  })
  address!: string;
}
