import http from 'node:http';
import pg from 'pg';
import type { Database } from '../../prisma/database';
import { Prisma } from '../../prisma/generated/client';
import { createPreparedReads, type ReadOptions } from '../../prisma/read/preparedReads';
import { dataModel } from '../../prisma/generated/metadata';
import { activeStakeSql, createActiveStakeCache } from '../../subgraphs/primary-network/loaders/activeStakeOfSubnets';
import { formatValidator } from '../../subgraphs/primary-network/formatters/validator';
import { listValidatorsSql, validatorSortKeys, type ValidatorListRow } from '../../subgraphs/primary-network/queries/listValidatorsSql';
import { validatorFilter } from '../../subgraphs/primary-network/queries/validatorFilter';
import { ValidatorSortBy, type ListValidatorsArgs } from '../../subgraphs/primary-network/types/validator.args';
import type { Network } from '../../subgraphs/shared/network';
import { paginateSql } from '../../subgraphs/shared/paging/paginateSql';
import { listenOnLoopback, type LoopbackServer } from '../shared/listenOnLoopback';
import { sendJson } from '../shared/sendJson';

/** Runs one statement (`$1`…), prepared under a name with `KEEP_PLAN` as the service's reads are, and returns its rows with int8 as bigint and numeric as text (PostgreSQL) or Prisma.Decimal (PGlite, through `read`). */
export type RunSql = (text: string, values: unknown[], options?: ReadOptions) => Promise<Record<string, unknown>[]>;

/** Fields of a list row that are numeric in SQL: the baseline makes them the Decimals Prisma makes. */
const decimalFields = [
  ...Object.entries(dataModel.models.Validator.fields).filter(([, field]) => field.type === 'Decimal').map(([name]) => name),
  'capacityAt',
];
/** GraphQL-only fields of a formatted validator (plus the reward addresses kept for the `rewardOwners` join); an active one serves its capacity and uptime. */
const graphqlOnly = ['network', 'validationId', 'timeRemaining', 'rewardAddresses'];
const activeOnly = ['delegationCapacity', 'uptimePerformance'];
const numberArgs = ['minTimeRemaining', 'maxTimeRemaining', 'minFeePercentage', 'maxFeePercentage', 'minUptimePerformance', 'maxUptimePerformance'];

/**
 * The floor to compare the service with: a bare node:http server answering
 * `GET /v1/networks/{network}/validators?…` with the service's own statement (listValidatorsSql,
 * with the page cut and token signing of paginateSql) run directly on the database, the service's
 * formatter, and `JSON.stringify`. The difference to the service is the stack: Express, sofa,
 * Apollo Server, the gateway, GraphQL execution, class-validator and Prisma.
 *
 * @param options how to run SQL (a pg pool, or PGlite's own query), the page-token secret and the pinned instant
 * @returns the listening server; `close` ends `end` too
 * @example const baseline = await startValidatorsBaseline({ run, pageTokenSecret, now })
 */
export async function startValidatorsBaseline(options: { run: RunSql; pageTokenSecret: string; now: number; end?: () => Promise<void> }): Promise<LoopbackServer> {
  const signer = { secret: options.pageTokenSecret };
  const stakes = createActiveStakeCache();

  async function listValidators(args: ListValidatorsArgs) {
    const filter = validatorFilter(args);
    const page = await paginateSql(
      { list: 'validators', args, signer, order: args.sortOrder ?? 'desc', keys: validatorSortKeys(args.sortBy ?? ValidatorSortBy.blockIndex, options.now, filter) },
      (keyset) => listValidatorsSql(filter, options.now, keyset),
      async (sql) => (await options.run(sql.text, sql.values)).map(toListRow),
    );
    const validators = page.items.map((row) => ({ row, value: { ...formatValidator(row, options.now) } as Record<string, unknown> }));
    // An active validator's stake share: the subnets' active stake kept as the service keeps it, and
    // read, when not kept, with one statement for the page's subnets, as the service's loader runs it.
    const active = validators.filter(({ value }) => value.validationStatus === 'active');
    const key = (subnetId: string) => ({ network: active[0]!.row.network, subnetId, at: options.now });
    const missing = [...new Set(active.map(({ row }) => row.subnetId))].filter((subnetId) => !stakes.get(key(subnetId)));
    if (missing.length) {
      const sql = activeStakeSql(active[0]!.row.network, missing, options.now);
      const rows = new Map((await options.run(sql.text, sql.values)).map((row) => [row.subnetId as string, row]));
      for (const subnetId of missing) {
        const row = rows.get(subnetId);
        stakes.set(key(subnetId), new Prisma.Decimal(String(row?.total ?? 0)), row?.nextChange == null ? null : Number(row.nextChange));
      }
    }
    return {
      nextPageToken: page.nextPageToken,
      validators: validators.map(({ row, value }) => {
        for (const field of graphqlOnly) delete value[field];
        if (value.validationStatus !== 'active') for (const field of activeOnly) delete value[field];
        else {
          const total = stakes.get(key(row.subnetId)) ?? new Prisma.Decimal(0);
          value.stakePercentage = total.isZero() ? 0 : row.amountStaked.times(100).dividedBy(total).toNumber();
        }
        return value;
      }),
    };
  }

  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => sendJson(response, status, body);
    const target = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/v1\/networks\/(mainnet|fuji|testnet)\/validators$/.exec(target.pathname);
    if (request.method !== 'GET' || !match) return send(404, { statusCode: 404, error: 'Not Found' });
    listValidators(argsOf(match[1] as Network, target.searchParams)).then(
      (body) => send(200, body),
      (error: Error) => send(500, { statusCode: 500, error: 'Internal Server Error', message: error.message }),
    );
  });
  return listenOnLoopback(server, { afterClose: async () => { await options.end?.(); } });
}

/**
 * A pg pool on the bench's schema whose rows come out as the service's database layer gives them
 * to Prisma's raw queries (int8 as bigint; numeric as text, turned into Decimals per field).
 * @param databaseUrl the bench's PostgreSQL
 * @param schema the bench's schema
 * @returns the statement runner and the pool's end
 * @example const { run, end } = pgRunner(url, 'bench_abc')
 */
export function pgRunner(databaseUrl: string, schema: string): { run: RunSql; end: () => Promise<void> } {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? BigInt : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser };
  const pool = new pg.Pool({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
  pool.on('error', () => {}); // an idle connection dropped by the server must not crash the bench
  // Read options as the service's reads take them (prisma/read/preparedReads.ts).
  const read = createPreparedReads(pool);
  return { run: (text, values, readOptions) => read(text, values, types, readOptions), end: () => pool.end() };
}

/**
 * The embedded engine's floor: the same statement on the service's own PGlite instance, read as
 * the service's reads are (`read`: numeric comes as Prisma.Decimal, which the
 * floors take as they take numeric text).
 * @param db the bench's PGlite database
 * @returns the statement runner
 * @example startValidatorsBaseline({ run: pgliteRunner(db), ... })
 */
export function pgliteRunner(db: Database): RunSql {
  return (text, values, options) => db.read<Record<string, unknown>>(text, values, options);
}

function toListRow(row: Record<string, unknown>): ValidatorListRow {
  for (const field of decimalFields) if (typeof row[field] === 'string') row[field] = new Prisma.Decimal(row[field] as string);
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
