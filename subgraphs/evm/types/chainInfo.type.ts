import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { NetworkToken } from './evmChain.type';

/** `status` of a chain (official ChainStatus): whether the chain's data can be served. */
export enum ChainStatus {
  OK = 'OK',
  UNAVAILABLE = 'UNAVAILABLE',
}

/** `vmName` of a chain (official VmName). */
export enum VmName {
  EVM = 'EVM',
  BITCOIN = 'BITCOIN',
  ETHEREUM = 'ETHEREUM',
}

/** `feature` of supportedChains and the items of `enabledFeatures` (official ApiFeature). */
export enum ApiFeature {
  nftIndexing = 'nftIndexing',
  webhooks = 'webhooks',
  teleporter = 'teleporter',
}

registerEnumType(ChainStatus, { name: 'ChainStatus', description: 'Whether the chain is served: OK or UNAVAILABLE.' });
registerEnumType(VmName, { name: 'VmName', description: 'The virtual machine of a chain.' });
registerEnumType(ApiFeature, { name: 'ApiFeature', description: 'A feature of the Data API on a chain.' });

/** An indexed EVM chain as the official chain operations describe it (ChainInfo). */
@ObjectType({ simpleResolvers: true, description: 'An EVM chain this service indexes, as the Data API describes it.' })
export class ChainInfo {
  @Field({ description: 'EVM chain ID, decimal.' }) chainId!: string;
  @Field(() => ChainStatus, { description: 'OK: this service answers from its index of the chain.' })
  status!: ChainStatus;
  @Field() chainName!: string;
  @Field() description!: string;
  @Field({ description: 'The blockchain ID of the chain on the P-Chain.' }) platformChainId!: string;
  @Field() subnetId!: string;
  @Field() vmId!: string;
  @Field(() => VmName) vmName!: VmName;
  @Field({ description: "Path of the chain's JSON-RPC endpoint on this service (/ext/bc/<blockchainId>/rpc)." })
  rpcUrl!: string;
  @Field() isTestnet!: boolean;
  @Field(() => NetworkToken) networkToken!: NetworkToken;
  @Field(() => [ApiFeature], { description: 'The Data API features this service provides on the chain.' })
  enabledFeatures!: ApiFeature[];
}

/** getChainInfo: one chain. */
@ObjectType({ simpleResolvers: true, description: 'An EVM chain this service indexes.' })
export class GetChainResponse extends ChainInfo {}

/** supportedChains: the indexed chains. */
@ObjectType({ description: 'The EVM chains this service indexes.' })
export class ListChainsResponse {
  @Field(() => [ChainInfo]) chains!: ChainInfo[];
}

/** listAddressChains: the indexed chains an address has activity on. */
@ObjectType({ description: 'The indexed EVM chains on which an address has activity.' })
export class ListAddressChainsResponse {
  @Field(() => [ChainInfo], {
    description:
      'Indexed chains where the address sent or received a transaction, a token transfer or an internal transaction.',
  })
  indexedChains!: ChainInfo[];
}
