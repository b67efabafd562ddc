import { Field, ObjectType } from 'type-graphql';
import { JSONObject, SafeInt } from '../../shared/scalars';

/** A page of a composite query's addresses, with each subquery's count and the total. */
@ObjectType({ simpleResolvers: true })
export class CompositeQueryResponse {
  @Field({ nullable: true }) nextPageToken?: string;

  @Field(() => JSONObject, { description: 'The number of addresses each subquery selects, by subquery ID.' })
  subQueryCounts!: Record<string, number>;

  @Field(() => SafeInt, { description: 'The number of addresses the composite query selects (every page).' })
  totalCount!: number;

  @Field(() => [String], { description: 'The page of addresses, lower case, in address order.' })
  addresses!: string[];
}
