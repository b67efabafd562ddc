import { ArgsType, Field, Int, registerEnumType } from 'type-graphql';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { pageSizeLimits, type PagedList } from './limits';

/** `sortOrder` of every list. */
export enum SortOrder {
  asc = 'asc',
  desc = 'desc',
}

registerEnumType(SortOrder, {
  name: 'SortOrder',
  description: 'asc or desc; lists are newest first (desc) when sortOrder is omitted.',
});

/** The default when `sortOrder` is omitted (the spec leaves it open): newest first. */
export const defaultSortOrder = SortOrder.desc;

/**
 * `pageToken` and `pageSize` arguments of a list of section 8, with that list's bounds.
 * Extend it with the list's own arguments:
 *
 * @example
 * @ArgsType() class ListSubnetsArgs extends PageArgs('subnets') { ... }
 */
export function PageArgs(list: PagedList) {
  const limits = pageSizeLimits[list];

  @ArgsType()
  abstract class ListPageArgs {
    @Field(() => String, {
      nullable: true,
      description: 'A nextPageToken from a previous response, to get the next page.',
    })
    @IsOptional()
    pageToken?: string;

    @Field(() => Int, {
      nullable: true,
      defaultValue: limits.default,
      description: `The maximum number of items to return (${limits.min} to ${limits.max}).`,
    })
    @IsInt({ message: 'pageSize must be an integer' })
    @Min(limits.min, { message: `pageSize must be at least ${limits.min}` })
    @Max(limits.max, { message: `pageSize must be at most ${limits.max}` })
    pageSize: number = limits.default;
  }
  return ListPageArgs;
}
