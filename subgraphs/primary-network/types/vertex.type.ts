import { Field, Int, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';
import { PrimaryNetworkChainInfo } from './primaryAsset.type';

/** An X-Chain vertex from before linearization (spec 2.16). */
@ObjectType({ simpleResolvers: true })
export class XChainVertex {
  @Field() vertexHash!: string;
  @Field(() => [String]) parentHashes!: string[];
  @Field(() => SafeInt) vertexHeight!: number;
  @Field(() => SafeInt) vertexIndex!: number;
  @Field(() => SafeInt) vertexTimestamp!: number;
  @Field(() => Int) txCount!: number;
  @Field(() => [String]) transactions!: string[];
  @Field(() => Int) vertexSizeBytes!: number;
}

/** A page of vertices (4.18). */
@ObjectType({ simpleResolvers: true })
export class ListXChainVerticesResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [XChainVertex]) vertices!: XChainVertex[];
  @Field(() => PrimaryNetworkChainInfo) chainInfo!: PrimaryNetworkChainInfo;
}
