import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { SubgraphDeps } from '../../shared/subgraph';
import { runCompositeQuery } from '../composite/runCompositeQuery';
import { CompositeQueryArgs } from '../types/compositeQuery.args';
import { CompositeQueryResponse } from '../types/compositeQuery.type';

/** Both versions of the official composite query: the same body, the same answer. */
@Resolver()
export class CompositeQueryResolver {
  @Query(() => CompositeQueryResponse, {
    description: 'Composite query (v1): the addresses its subqueries select, combined by the operator.',
  })
  compositeQueryV1(@Args() args: CompositeQueryArgs, @Ctx() context: SubgraphDeps): Promise<CompositeQueryResponse> {
    return runCompositeQuery(context, args);
  }

  @Query(() => CompositeQueryResponse, {
    description: 'Composite query (v2): the addresses its subqueries select, combined by the operator, paged.',
  })
  compositeQueryV2(@Args() args: CompositeQueryArgs, @Ctx() context: SubgraphDeps): Promise<CompositeQueryResponse> {
    return runCompositeQuery(context, args);
  }
}
