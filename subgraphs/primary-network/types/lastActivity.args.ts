import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { BlockchainId, type BlockchainIdParam } from '../../shared/params/blockchainId';
import {
  maxPrimaryAddresses,
  maxPrimaryAddressesInBody,
  PrimaryAddressBodyList,
  PrimaryAddressList,
  type PrimaryAddress,
} from '../../shared/params/primaryAddresses';

/** Arguments of getLastActivityTimestampByAddresses (GET: the addresses in the query string). */
@ArgsType()
export class LastActivityArgs {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, {
    description: 'The P-, X- or C-Chain of the network: its ID, or p-chain, x-chain, c-chain.',
  })
  blockchainId!: BlockchainIdParam;

  @Field(() => PrimaryAddressList, {
    description: `Comma-separated addresses of the network (at most ${maxPrimaryAddresses}), with or without P-/X- prefix.`,
  })
  addresses!: PrimaryAddress[];
}

/** Arguments of getLastActivityTimestampByAddressesV2 (POST: the addresses in the JSON body, more of them). */
@ArgsType()
export class LastActivityV2Args {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, {
    description: 'The P-, X- or C-Chain of the network: its ID, or p-chain, x-chain, c-chain.',
  })
  blockchainId!: BlockchainIdParam;

  @Field(() => PrimaryAddressBodyList, {
    description: `Comma-separated addresses of the network (at most ${maxPrimaryAddressesInBody}), with or without P-/X-/C- prefix.`,
  })
  addresses!: PrimaryAddress[];
}
