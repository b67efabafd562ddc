import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { toDbNetwork } from '../../shared/network';
import { defaultSortOrder } from '../../shared/pageArgs';
import { paginateSql } from '../../shared/paging/paginateSql';
import type { PrimaryNetworkContext } from '../context';
import { formatSubnet } from '../formatters/subnet';
import { formatValidator, type ValidatorValue } from '../formatters/validator';
import { listValidatorsSql, validatorSortKeys, type ValidatorListRow } from '../queries/listValidatorsSql';
import { validatorFilter } from '../queries/validatorFilter';
import { Address } from '../types/address.type';
import { Subnet } from '../types/subnet.type';
import { ListValidatorsArgs, ValidatorSortBy } from '../types/validator.args';
import { ListValidatorsResponse, Validator } from '../types/validator.type';
import { readSql } from '../../../prisma/read/readSql';

@Resolver(() => Validator)
export class ValidatorResolver {
  @Query(() => ListValidatorsResponse, {
    description:
      'Lists the validations of a network (4.5): primary network, subnets and L1s, filtered and sorted at the time of the request; by block index, largest first, by default.',
  })
  async listValidators(@Args() args: ListValidatorsArgs, @Ctx() context: PrimaryNetworkContext): Promise<ListValidatorsResponse> {
    const filter = validatorFilter(args);
    const now = context.clock();
    const page = await paginateSql(
      {
        list: 'validators',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: validatorSortKeys(args.sortBy ?? ValidatorSortBy.blockIndex, now, filter),
      },
      (keyset) => listValidatorsSql(filter, now, keyset),
      (sql) => readSql<ValidatorListRow>(context.read, sql),
    );
    return { nextPageToken: page.nextPageToken, validators: page.items.map((row) => formatValidator(row, now)) as Validator[] };
  }

  @FieldResolver(() => Subnet, { nullable: true, description: '[GraphQL only] The subnet or L1 validated.' })
  async subnet(@Root() validator: ValidatorValue, @Ctx() context: PrimaryNetworkContext): Promise<Subnet | null> {
    const row = await context.loaders.subnet.load({ network: toDbNetwork(validator.network), subnetId: validator.subnetId });
    return row ? (formatSubnet(row) as Subnet) : null;
  }

  @FieldResolver(() => [Address], { description: '[GraphQL only] The reward addresses, with their balances.' })
  rewardOwners(@Root() validator: ValidatorValue): Address[] {
    return validator.rewardAddresses.map((address) => ({ network: validator.network, address }));
  }
}
