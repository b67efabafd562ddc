import { createUnionType, Field, ObjectType } from 'type-graphql';
import {
  AtomicMemoryAssetBalance,
  PrimaryNetworkAssetBalance,
  PrimaryNetworkChainInfo,
  SharedAssetBalance,
} from './primaryAsset.type';

/** The eight balance categories of a P-Chain address set (official `PChainBalance`). */
@ObjectType('PChainBalance', { simpleResolvers: true })
export class PChainBalance {
  @Field(() => [PrimaryNetworkAssetBalance]) unlockedUnstaked!: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance]) unlockedStaked!: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance]) lockedPlatform!: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance]) lockedStakeable!: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance]) lockedStaked!: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance]) pendingStaked!: PrimaryNetworkAssetBalance[];
  @Field(() => [AtomicMemoryAssetBalance]) atomicMemoryUnlocked!: AtomicMemoryAssetBalance[];
  @Field(() => [AtomicMemoryAssetBalance]) atomicMemoryLocked!: AtomicMemoryAssetBalance[];
}

/** Balances of an X-Chain address set: outputs spendable now or locked until their locktime, and atomic memory (official `XChainBalances`). */
@ObjectType('XChainBalances', { simpleResolvers: true })
export class XChainBalances {
  @Field(() => [PrimaryNetworkAssetBalance], { description: 'Outputs whose locktime is still ahead.' })
  locked!: PrimaryNetworkAssetBalance[];
  @Field(() => [PrimaryNetworkAssetBalance], { description: 'Outputs spendable now.' })
  unlocked!: PrimaryNetworkAssetBalance[];
  @Field(() => [SharedAssetBalance]) atomicMemoryUnlocked!: SharedAssetBalance[];
  @Field(() => [SharedAssetBalance]) atomicMemoryLocked!: SharedAssetBalance[];
}

/** Balances of a C-Chain address set in its atomic memory (official `CChainAtomicBalances`). */
@ObjectType('CChainAtomicBalances', { simpleResolvers: true })
export class CChainAtomicBalances {
  @Field(() => [SharedAssetBalance]) atomicMemoryUnlocked!: SharedAssetBalance[];
  @Field(() => [SharedAssetBalance]) atomicMemoryLocked!: SharedAssetBalance[];
}

/** Balances of a set of P-Chain addresses at one time. */
@ObjectType('ListPChainBalancesResponse', { simpleResolvers: true })
export class ListPChainBalancesResponse {
  @Field(() => PChainBalance) balances!: PChainBalance;
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

/** Balances of a set of X-Chain addresses at one time. */
@ObjectType('ListXChainBalancesResponse', { simpleResolvers: true })
export class ListXChainBalancesResponse {
  @Field(() => XChainBalances) balances!: XChainBalances;
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

/** Atomic-memory balances of a set of C-Chain addresses at one time (EVM balances: listErc20Balances). */
@ObjectType('ListCChainAtomicBalancesResponse', { simpleResolvers: true })
export class ListCChainAtomicBalancesResponse {
  @Field(() => CChainAtomicBalances) balances!: CChainAtomicBalances;
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}

/** The balances of a chain's address set, in the shape of its chain (the official `oneOf`). */
export const GetBalancesResponse = createUnionType({
  name: 'GetBalancesResponse',
  description: 'Balances in the shape of their chain: P-Chain, X-Chain, or C-Chain atomic memory.',
  types: () => [ListPChainBalancesResponse, ListXChainBalancesResponse, ListCChainAtomicBalancesResponse] as const,
  resolveType: resolveBalancesType,
});

/**
 * The shape of a balances answer, by its members (the subgraph's `__resolveType` of GetBalancesResponse).
 * @example resolveBalancesType({ balances: { locked: [], unlocked: [], ... }, chainInfo }) // 'ListXChainBalancesResponse'
 */
export function resolveBalancesType(value: { balances: object }): string {
  if ('unlockedUnstaked' in value.balances) return 'ListPChainBalancesResponse';
  if ('unlocked' in value.balances) return 'ListXChainBalancesResponse';
  return 'ListCChainAtomicBalancesResponse';
}

/** A value of {@link GetBalancesResponse}. */
export type GetBalancesResponse =
  | ListPChainBalancesResponse
  | ListXChainBalancesResponse
  | ListCChainAtomicBalancesResponse;
