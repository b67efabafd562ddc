import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Kind, parse, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { PrismaClient } from '../../prisma/generated/client';
import { readApiKey } from '../../rest-facade/apiKey';
import { statusBody } from '../../rest-facade/errorBody';
import { requestRoute, splitRequestUrl } from '../../rest-facade/requestRoute';
import { apiKeyRequiredMessage } from '../../shared/apiKeyRequired';
import { errorCodes } from '../../shared/errorStatus';
import { noteUsage } from '../../shared/usageNotes';
import { setRequestCaller } from '../../gateway/requestCaller';
import { graphqlRouteTemplate } from './allowedRoutes';
import { createKeyLookup, keyAllows, type KnownKey } from './apiKeys';
import { createMemoryRateLimiter, type Budget, type Decision, type RateLimiter } from './rateLimiter';
import { createRedisRateLimiter } from './redisRateLimiter';
import { computeUnits, fieldWeight, routeWeights } from './routeWeights';

/** Access settings (server/options.ts reads them from the environment). */
export type AccessOptions = {
  /** Keys of the configuration (`API_KEYS`), beside the stored ones. */
  apiKeys: string[];
  /** A key is needed on /v1 and /graphql (`API_KEY_REQUIRED`); else anonymous callers get the anonymous budget. */
  apiKeyRequired: boolean;
  /** Compute units per minute and per day of each anonymous IP address, and of each key; 0: no limit. */
  anonymousBudget: Budget;
  keyBudget: Budget;
  /** Shared counters (`REDIS_URL`); unset: this process's memory. */
  redisUrl?: string;
  /** Longest accepted query string, bytes (`MAX_QUERY_STRING_BYTES`); longer: 414. */
  maxQueryStringBytes: number;
  /**
   * Proxies whose `X-Forwarded-For` names the client (`TRUST_PROXY`, Express's `trust proxy`: `true`,
   * a hop count, or addresses and CIDR ranges such as `loopback, 10.0.0.0/8`); unset: the peer is the client.
   */
  trustProxy?: boolean | number | string;
};

/** No limits: what createService uses when given no access options (tests, benches). */
export const unlimitedAccess: AccessOptions = {
  apiKeys: [],
  apiKeyRequired: false,
  anonymousBudget: { perMinute: 0, perDay: 0 },
  keyBudget: { perMinute: 0, perDay: 0 },
  maxQueryStringBytes: 8192,
};

/** The middlewares of access control and what they hold open. */
export type AccessControl = {
  /** Mount before the REST facade: acts on /v1 and /v2 paths only. */
  rest: RequestHandler;
  /** Mount in /graphql after the body is read (gateway/graphqlHttp.ts `beforeExecute`). */
  graphql: RequestHandler;
  close(): Promise<void>;
};

/** What a request is charged and whether it needs a key. */
type Charge = {
  template: string;
  weight: number;
  keyRequired: boolean;
  answer: (response: Response, status: number, message: string) => void;
};

/**
 * Access control, one mechanism for REST and GraphQL: identifies the caller (a key in
 * `x-service-api-key` or `x-glacier-api-key`, else its IP address), refuses unknown or revoked keys
 * (401), keys not allowed on the route (403) and missing keys where they are required (401), then
 * charges the route's compute units (routeWeights.ts) to the caller's budget: 429 with `retry-after`
 * once spent. A recognised key is recorded as the request's caller (gateway/requestCaller.ts). Every limited response carries the IETF `ratelimit-policy`, `ratelimit-limit`,
 * `ratelimit-remaining` and `ratelimit-reset` headers.
 *
 * @example const access = createAccessControl({ prisma, options }); app.use(access.rest)
 */
export function createAccessControl({
  prisma,
  options,
  onRejection = () => {},
  log = () => {},
  now = Date.now,
  keyCacheMs,
  redisPrefix,
}: {
  prisma: PrismaClient;
  options: AccessOptions;
  /** Called per 429 with the tier (`anonymous`, `key`): the `rate_limit_rejections_total` counter. */
  onRejection?: (tier: 'anonymous' | 'key') => void;
  log?: (message: string, error?: unknown) => void;
  /** Clock of the rate windows, milliseconds. */
  now?: () => number;
  keyCacheMs?: number;
  redisPrefix?: string;
}): AccessControl {
  const lookup = createKeyLookup(prisma, options.apiKeys, { cacheMs: keyCacheMs });
  const limiter: RateLimiter = options.redisUrl
    ? createRedisRateLimiter(options.redisUrl, { prefix: redisPrefix, now, log })
    : createMemoryRateLimiter(now);

  const admit = async (request: Request, response: Response, next: NextFunction, charge: Charge) => {
    const presented = readApiKey(request);
    let key: KnownKey | undefined;
    if (presented !== undefined) {
      try {
        key = await lookup(presented);
      } catch (error) {
        log('API key lookup failed', error);
        return charge.answer(response, 503, 'The API key cannot be checked now; try again later');
      }
      if (!key) return charge.answer(response, 401, 'The API key is not valid');
      if (!keyAllows(key, charge.template))
        return charge.answer(response, 403, `The API key is not allowed on ${request.method} ${charge.template}`);
      // The operations that act for a key (webhooks) read it from the request's context.
      setRequestCaller(response, { keyId: key.id, apiKey: presented, admin: key.admin });
    } else if (charge.keyRequired) {
      return charge.answer(response, 401, apiKeyRequiredMessage);
    }
    const budget = key
      ? { perMinute: key.perMinute ?? options.keyBudget.perMinute, perDay: key.perDay ?? options.keyBudget.perDay }
      : options.anonymousBudget;
    const decision = await limiter.consume(
      key ? `key:${key.id}` : `ip:${request.ip ?? 'unknown'}`,
      charge.weight,
      budget,
    );
    if (decision) setHeaders(response, decision);
    if (decision && !decision.allowed) {
      onRejection(key ? 'key' : 'anonymous');
      response.setHeader('retry-after', String(decision.reset));
      return charge.answer(
        response,
        429,
        `Rate limit exceeded: this request costs ${charge.weight} compute units and ${decision.remaining} of ${decision.limit} are left; retry in ${decision.reset} s`,
      );
    }
    // The usage record's credits: what was charged, and only to an admitted request.
    noteUsage(response, { computeUnits: charge.weight });
    next();
  };

  const restAnswer = (response: Response, status: number, message: string) =>
    void response.status(status).json(statusBody(status, message));
  const rest: RequestHandler = (request, response, next) => {
    const { path, search } = splitRequestUrl(request.originalUrl);
    const version = /^\/(v1|v2)\//.exec(path)?.[1];
    if (!version) return next();
    if (Buffer.byteLength(search) > options.maxQueryStringBytes) {
      return restAnswer(response, 414, `The query string is longer than ${options.maxQueryStringBytes} bytes`);
    }
    const match = requestRoute(request);
    const route = match.kind === 'route' ? routeWeights.get(match.key) : undefined;
    admit(request, response, next, {
      template: route?.template ?? 'unmatched',
      weight: route?.weight ?? computeUnits.other,
      // The /v2 metrics endpoints list no key (spec section 5): a key given there still counts.
      keyRequired: options.apiKeyRequired && version === 'v1',
      answer: restAnswer,
    }).catch(next);
  };

  const graphqlAnswer = (response: Response, status: number, message: string) =>
    void response.status(status).json({
      errors: [
        {
          message,
          extensions: {
            code: errorCodes[status as keyof typeof errorCodes] ?? 'SERVICE_UNAVAILABLE',
            http: { status },
          },
        },
      ],
    });
  const graphql: RequestHandler = (request, response, next) => {
    const body = request.body as { query?: unknown; operationName?: unknown } | undefined;
    const query = body?.query ?? request.query.query;
    const operationName = body?.operationName ?? request.query.operationName;
    admit(request, response, next, {
      template: graphqlRouteTemplate,
      weight: graphqlWeight(query, operationName),
      keyRequired: options.apiKeyRequired,
      answer: graphqlAnswer,
    }).catch(next);
  };

  return { rest, graphql, close: () => limiter.close() };
}

function setHeaders(response: Response, decision: Decision): void {
  response.setHeader('ratelimit-policy', decision.policy);
  response.setHeader('ratelimit-limit', String(decision.limit));
  response.setHeader('ratelimit-remaining', String(decision.remaining));
  response.setHeader('ratelimit-reset', String(decision.reset));
}

/**
 * Compute units of a GraphQL request: the weights of the root fields its operation selects (each
 * alias counted), at least one unit. A document that does not parse costs one: Apollo Server refuses it.
 */
export function graphqlWeight(query: unknown, operationName: unknown): number {
  if (typeof query !== 'string') return 1;
  let document: DocumentNode;
  try {
    // The limit keeps a hostile document from costing more to weigh than to refuse.
    document = parse(query, { noLocation: true, maxTokens: 50_000 });
  } catch {
    return 1;
  }
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.find((candidate) => candidate.name?.value === operationName) ?? operations[0];
  if (!operation) return 1;
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [],
    ),
  );
  const seen = new Set<string>();
  const rootWeight = (selectionSet: SelectionSetNode): number =>
    selectionSet.selections.reduce((sum, selection) => {
      if (selection.kind === Kind.FIELD) return sum + fieldWeight(operation.operation, selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return sum + rootWeight(selection.selectionSet);
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) return sum;
      seen.add(fragment.name.value);
      return sum + rootWeight(fragment.selectionSet);
    }, 0);
  return Math.max(1, rootWeight(operation.selectionSet));
}
