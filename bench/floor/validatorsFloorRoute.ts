import { Prisma } from '../../prisma/generated/client';
import { dataModel } from '../../prisma/generated/metadata';
import {
  type ActiveStakeRow,
  createActiveStakeCache,
  readActiveStakes,
} from '../../subgraphs/primary-network/loaders/activeStakeOfSubnets';
import { formatValidator } from '../../subgraphs/primary-network/formatters/validator';
import {
  listValidatorsSql,
  validatorSortKeys,
  type ValidatorListRow,
} from '../../subgraphs/primary-network/queries/listValidatorsSql';
import { validatorFilter } from '../../subgraphs/primary-network/queries/validatorFilter';
import { ValidatorSortBy, type ListValidatorsArgs } from '../../subgraphs/primary-network/types/validator.args';
import type { Network } from '../../subgraphs/shared/network';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import { restOmitted } from '../shared/restView';
import type { RunSql } from './sqlRunners';
import type { FloorRoute } from './startFloor';

/** Fields of a list row that are numeric in SQL: the baseline makes them the Decimals Prisma makes. */
const decimalFields = [
  ...Object.entries(dataModel.models.Validator.fields)
    .filter(([, field]) => field.type === 'Decimal')
    .map(([name]) => name),
  'capacityAt',
];
/** The REST type of each validation status, whose `@rest(omit)` members REST leaves out. */
const statusTypes: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  completed: 'Completed',
  removed: 'Removed',
};
const numberArgs = [
  'minTimeRemaining',
  'maxTimeRemaining',
  'minFeePercentage',
  'maxFeePercentage',
  'minUptimePerformance',
  'maxUptimePerformance',
];

/**
 * The floor of list validators, `GET /v1/networks/{network}/validators?…`: the service's own
 * statement (listValidatorsSql, with the page cut and token signing of paginateSql), the service's
 * formatter, and the members REST serves (`@rest(omit)` of each status's type left out).
 * @param options how to run SQL, the page-token secret and the pinned instant
 * @returns the route
 * @example const floor = await startFloor([validatorsFloorRoute({ run, pageTokenSecret, now })])
 */
export function validatorsFloorRoute(options: { run: RunSql; pageTokenSecret: string; now: number }): FloorRoute {
  const signer = { secret: options.pageTokenSecret };
  const stakes = createActiveStakeCache();

  async function listValidators(args: ListValidatorsArgs) {
    const filter = validatorFilter(args);
    const page = await paginateSql(
      {
        list: 'validators',
        args,
        signer,
        order: args.sortOrder ?? 'desc',
        keys: validatorSortKeys(args.sortBy ?? ValidatorSortBy.blockIndex, options.now, filter),
      },
      (keyset) => listValidatorsSql(filter, options.now, keyset),
      async (sql) => (await options.run(sql.text, sql.values)).map(toListRow),
    );
    const validators = page.items.map((row) => ({
      row,
      value: { ...formatValidator(row, options.now) } as Record<string, unknown>,
    }));
    // An active validator's stake share: the subnets' active stake kept as the service keeps it, and
    // read, when not kept, by the service's loader's own reading (one statement for the page's subnets).
    const active = validators.filter(({ value }) => value.validationStatus === 'active');
    const totals = await readActiveStakes(
      stakes,
      active.map(({ row }) => ({ network: row.network, subnetId: row.subnetId, at: options.now })),
      async (sql) => (await options.run(sql.text, sql.values)) as ActiveStakeRow[],
    );
    const totalOf = new Map(active.map(({ row }, i) => [row.subnetId, totals[i]!]));
    return {
      nextPageToken: page.nextPageToken,
      validators: validators.map(({ row, value }) => {
        delete value.rewardAddresses; // the formatter's, for the GraphQL-only `rewardOwners`
        for (const field of restOmitted(`${statusTypes[value.validationStatus as string]}ValidatorDetails`))
          delete value[field];
        if (value.validationStatus === 'active') {
          const total = totalOf.get(row.subnetId)!;
          value.stakePercentage = total.isZero() ? 0 : row.amountStaked.times(100).dividedBy(total).toNumber();
        }
        return value;
      }),
    };
  }

  return {
    path: /^\/v1\/networks\/(mainnet|fuji|testnet)\/validators$/,
    answer: (request, match) => listValidators(argsOf(match[1] as Network, request.url.searchParams)),
  };
}

function toListRow(row: Record<string, unknown>): ValidatorListRow {
  for (const field of decimalFields)
    if (typeof row[field] === 'string') row[field] = new Prisma.Decimal(row[field] as string);
  return row as unknown as ValidatorListRow;
}

/** The request's arguments, typed as the service's args class holds them. */
function argsOf(network: Network, query: URLSearchParams): ListValidatorsArgs {
  const args: Record<string, unknown> = { network, pageSize: Number(query.get('pageSize') ?? 10) };
  for (const [name, value] of query) {
    if (name === 'pageSize') continue;
    if (name === 'nodeIds') args[name] = value.split(',');
    else if (name === 'minDelegationCapacity' || name === 'maxDelegationCapacity') args[name] = BigInt(value);
    else if (numberArgs.includes(name)) args[name] = Number(value);
    else args[name] = value;
  }
  return args as unknown as ListValidatorsArgs;
}
