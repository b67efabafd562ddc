import { IsBoolean, IsOptional } from 'class-validator';
import type { GraphQLScalarType } from 'graphql';
import { ArgsType, Field, registerEnumType } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs, SortOrder } from '../../shared/pageArgs';
import { BigIntRange } from '../../shared/params/bigIntRange';
import { BlockchainId, type BlockchainIdParam } from '../../shared/params/blockchainId';
import { Cb58Id } from '../../shared/params/cb58Id';
import { NodeId } from '../../shared/params/nodeId';
import { Amount, UnixSeconds } from '../../shared/params/numbers';
import {
  maxPrimaryAddresses,
  maxPrimaryAddressesInBody,
  PrimaryAddressBodyList,
  PrimaryAddressList,
  type PrimaryAddress,
} from '../../shared/params/primaryAddresses';

/** `sortBy` of 4.7. */
export enum UtxoSortBy {
  timestamp = 'timestamp',
  amount = 'amount',
}

registerEnumType(UtxoSortBy, {
  name: 'UtxoSortBy',
  description: 'Order of list UTXOs: timestamp (creation, the default) or amount.',
});

/** Largest UTXO amount: outputs hold uint64 amounts. */
export const maxUtxoAmount = 2n ** 64n - 1n;

/** Arguments of 4.6 get balances. */
@ArgsType()
export class GetBalancesArgs {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, {
    description: 'The P-, X- or C-Chain of the network: its ID, or p-chain, x-chain, c-chain.',
  })
  blockchainId!: BlockchainIdParam;

  @Field(() => UnixSeconds, {
    nullable: true,
    description: 'The instant of the balance, Unix seconds; now when omitted.',
  })
  blockTimestamp?: number;

  @Field(() => PrimaryAddressList, {
    description: 'Comma-separated addresses of the network (at most 64), with or without P-/X- prefix.',
  })
  addresses!: PrimaryAddress[];
}

/**
 * The arguments of a UTXO list (4.7, and its POST form with the addresses in the body): one set of
 * filters, pages of `list`'s bounds, `addresses` parsed by `addressList`.
 * @param list the page-size bounds (pageSizeLimits)
 * @param addressList the addresses' parameter type (its own most items)
 * @param maxAddresses that most, for the description
 * @returns the args class to extend
 * @example @ArgsType() class ListUtxosArgs extends UtxoListArgs('utxos', PrimaryAddressList, maxPrimaryAddresses) {}
 */
function UtxoListArgs(list: 'utxos' | 'utxosV2', addressList: GraphQLScalarType, maxAddresses: number) {
  @ArgsType()
  abstract class UtxoListArgsOf extends PageArgs(list) {
    @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
    network!: Network;

    @Field(() => BlockchainId, {
      description: 'The P-, X- or C-Chain of the network: its ID, or p-chain, x-chain, c-chain.',
    })
    blockchainId!: BlockchainIdParam;

    @Field(() => addressList, {
      description: `Comma-separated addresses of the network (at most ${maxAddresses}), with or without P-/X- prefix.`,
    })
    addresses!: PrimaryAddress[];

    @Field(() => Cb58Id, { nullable: true, description: 'X-Chain only: UTXOs of this asset.' })
    assetId?: string;

    @Field(() => Amount, {
      nullable: true,
      description: 'Smallest amount, inclusive, in the smallest unit; 0 when omitted.',
    })
    @BigIntRange(0n, maxUtxoAmount, { message: `minUtxoAmount must be from 0 to ${maxUtxoAmount}` })
    minUtxoAmount?: bigint;

    @Field(() => Boolean, {
      nullable: true,
      description: 'Include spent UTXOs (with their consumption); false when omitted.',
    })
    @IsOptional()
    @IsBoolean({ message: 'includeSpent must be true or false' })
    includeSpent?: boolean;

    @Field(() => UtxoSortBy, { nullable: true, description: 'timestamp when omitted.' })
    sortBy?: UtxoSortBy;

    @Field(() => SortOrder, { nullable: true, description: 'desc (newest or largest first) when omitted.' })
    sortOrder?: SortOrder;
  }
  return UtxoListArgsOf;
}

/** Arguments of 4.7 list UTXOs. */
@ArgsType()
export class ListUtxosArgs extends UtxoListArgs('utxos', PrimaryAddressList, maxPrimaryAddresses) {}

/** Arguments of list UTXOs v2 (POST): the addresses in the JSON body, more of them, larger pages. */
@ArgsType()
export class ListUtxosV2Args extends UtxoListArgs('utxosV2', PrimaryAddressBodyList, maxPrimaryAddressesInBody) {}

/** Arguments of 4.17 list blocks proposed by a node. */
@ArgsType()
export class ListBlocksByNodeArgs extends PageArgs('nodeBlocks') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, { description: 'The P- or X-Chain of the network: its ID, or p-chain, x-chain.' })
  blockchainId!: BlockchainIdParam;

  @Field(() => NodeId, { description: 'The proposer node.' })
  nodeId!: string;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only blocks at or after this time (Unix seconds).' })
  startTimestamp?: number;

  @Field(() => UnixSeconds, { nullable: true, description: 'Only blocks at or before this time (Unix seconds).' })
  endTimestamp?: number;
}

/** Arguments of 4.18 list vertices. */
@ArgsType()
export class ListVerticesArgs extends PageArgs('vertices') {
  @Field(() => Network, { description: 'Either mainnet or a testnet (fuji or testnet).' })
  network!: Network;

  @Field(() => BlockchainId, { description: 'The X-Chain of the network: its ID, or x-chain.' })
  blockchainId!: BlockchainIdParam;
}
