import { Args, Ctx, Directive, FieldResolver, Float, Query, Resolver, Root } from 'type-graphql';
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
import { GetSingleValidatorDetailsArgs, ListValidatorsArgs, ValidatorSortBy } from '../types/validator.args';
import { ActiveValidatorDetails, ListValidatorsResponse, Validator } from '../types/validator.type';
import { Prisma } from '../../../prisma/generated/client';
import { readSql } from '../../../prisma/read/readSql';

@Resolver(() => Validator)
export class ValidatorResolver {
  @Query(() => ListValidatorsResponse, {
    description:
      'Lists the validations of a network: primary network and permissioned subnets (L1 validators have their own list), each in the variant of its status, filtered and sorted at the time of the request; by block index, largest first, by default.',
  })
  async listValidators(
    @Args() args: ListValidatorsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListValidatorsResponse> {
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
    return {
      nextPageToken: page.nextPageToken,
      validators: page.items.map((row) => formatValidator(row, now)) as Validator[],
    };
  }

  @Query(() => ListValidatorsResponse, {
    description:
      'Lists every validation of one node (primary network and permissioned subnets; L1 validations are listed by listL1Validators), each in the variant of its status at the time of the request, by block index, latest first by default.',
  })
  async getSingleValidatorDetails(
    @Args() args: GetSingleValidatorDetailsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListValidatorsResponse> {
    const filter = {
      network: toDbNetwork(args.network),
      nodeId: args.nodeId,
      status: args.validationStatus,
      capacity: {},
      timeRemaining: {},
    };
    const now = context.clock();
    // The node's validations are one range of validator(network, node_id, block_index, validation_id).
    const page = await paginateSql(
      {
        list: 'validatorDetails',
        args,
        signer: context.pageTokens,
        order: args.sortOrder ?? defaultSortOrder,
        keys: validatorSortKeys(ValidatorSortBy.blockIndex, now, filter),
      },
      (keyset) => listValidatorsSql(filter, now, keyset),
      (sql) => readSql<ValidatorListRow>(context.read, sql),
    );
    return {
      nextPageToken: page.nextPageToken,
      validators: page.items.map((row) => formatValidator(row, now)) as Validator[],
    };
  }

  @FieldResolver(() => Subnet, { nullable: true, description: 'The subnet validated.' })
  @Directive('@rest(omit: true)')
  async subnet(@Root() validator: ValidatorValue, @Ctx() context: PrimaryNetworkContext): Promise<Subnet | null> {
    const row = await context.loaders.subnet.load({
      network: toDbNetwork(validator.network),
      subnetId: validator.subnetId,
    });
    return row ? (formatSubnet(row) as Subnet) : null;
  }

  @FieldResolver(() => [Address], { description: 'The reward addresses, with their balances.' })
  @Directive('@rest(omit: true)')
  rewardOwners(@Root() validator: ValidatorValue): Address[] {
    return validator.rewardAddresses.map((address) => ({ network: validator.network, address }));
  }
}

@Resolver(() => ActiveValidatorDetails)
export class ActiveValidatorResolver {
  @FieldResolver(() => Float, {
    description: "This validation's share of the stake (weight) of its subnet's active validations, percent.",
  })
  async stakePercentage(@Root() validator: ValidatorValue, @Ctx() context: PrimaryNetworkContext): Promise<number> {
    const total = await context.loaders.activeStakeOfSubnet.load({
      network: toDbNetwork(validator.network),
      subnetId: validator.subnetId,
      at: context.clock(),
    });
    return total.isZero() ? 0 : new Prisma.Decimal(validator.amountStaked).times(100).dividedBy(total).toNumber();
  }
}
