import { ArgsType, Field, registerEnumType } from 'type-graphql';
import { PageArgs } from '../../shared/pageArgs';
import { JSONObject } from '../../shared/scalars';

/** How a composite query combines its subqueries. */
export enum Operator {
  AND = 'AND',
  OR = 'OR',
}
registerEnumType(Operator, {
  name: 'Operator',
  description: 'AND: the addresses every subquery selects; OR: the addresses any subquery selects.',
});

/** The body of compositeQueryV1/V2 (CompositeQueryRequestDto). */
@ArgsType()
export class CompositeQueryArgs extends PageArgs('compositeQuery') {
  @Field(() => [JSONObject], {
    description:
      'The subqueries, each {id, type, params}: AllTime/AnyTime NativeBalance ({firstDate, lastDate, minBalance, evmChainId}), AllTime/AnyTime Erc20Balance (and contractAddress), AllTime/AnyTime NftHolders ({evmChainId, contractAddress} with firstDate/lastDate or startTs/endTs), LatestBalance ({minBalance, evmChainId, tokenType, contractAddress}); dates are YYYY-MM-DD (UTC), windows at most 366 days, at most 8 subqueries.',
  })
  queries!: Record<string, unknown>[];

  @Field(() => Operator, { description: 'How the subqueries combine.' })
  operator!: Operator;
}
