import type { GraphQLSchema } from 'graphql';
import type { Database } from '../../prisma/database';
import type { PrismaClient } from '../../prisma/generated/client';
import type { ReadReplicas, Reads } from '../../prisma/replicas/openReadReplicas';
import type { SignatureAggregator } from '../../signature-aggregator';
import type { Clock } from '../../shared/clock';
import type { ExportStore } from '../../exports/exportStore';
import type { WebhookStore } from '../../webhooks/subscriptions/webhookStore';
import type { PageTokenSigner } from './paging/pageToken';

/** What every subgraph needs from the process that hosts it. */
export type SubgraphDeps = {
  /** The Prisma client of the request's reads: the primary's, or a read replica's in a request's context. */
  prisma: PrismaClient;
  /** Raw reads of the hot loaders, counted with Prisma's statements (Database.read); the same database as `prisma`. */
  read: Database['read'];
  /** The process's read replicas: each request reads from the one `requestDeps` picks. */
  replicas?: ReadReplicas;
  /**
   * Set when `prisma` and `read` are a replica's: the primary, for the reads that must see the
   * caller's own writes (primaryReads).
   */
  primary?: Reads;
  /** Signs and checks page tokens. */
  pageTokens: PageTokenSigner;
  /** "Now" for every time-dependent answer. */
  clock: Clock;
  /** Warp signature aggregation (4.1, 4.2); one per process, it holds caches. Absent: those endpoints answer 503. */
  signatureAggregator?: SignatureAggregator;
  /** Writes and settings of the webhook API (the reads go through `prisma`). Absent: its operations answer 503. */
  webhooks?: Omit<WebhookStore, 'prisma'>;
  /** The transaction export operations' database and settings. Absent: they answer 503. */
  exports?: ExportStore;
  /** The process's record of finished requests (server/usage/): written before a usage operation reads it. Absent: nothing to write. */
  usageRecord?: { flush(): Promise<void> };
};

/**
 * The dependencies of one request: every statement of the request reads from one database, a
 * serving replica when the process has some (so its lists, counts and loaders agree), else the primary.
 * @param deps the process's dependencies
 * @returns the request's
 * @example subgraph.createContext(requestDeps(deps), request)
 */
export function requestDeps(deps: SubgraphDeps): SubgraphDeps {
  if (!deps.replicas) return deps;
  const reads = deps.replicas.pick();
  if (reads.prisma === deps.prisma) return deps;
  return { ...deps, prisma: reads.prisma, read: reads.read, primary: { prisma: deps.prisma, read: deps.read } };
}

/**
 * The context for reads that must see the caller's own writes (a webhook after its create, usage
 * after its flush): the primary's, since a replica may not have replayed them yet.
 * @param context a request's context
 * @returns the context with the primary's `prisma` and `read`
 * @example const { prisma } = primaryReads(context)
 */
export function primaryReads<Context extends SubgraphDeps>(context: Context): Context {
  return context.primary ? { ...context, ...context.primary } : context;
}

/** The API key a request was made with, as access control identified it. */
export type RequestCaller = {
  /** The key's ID (`key_…`, `config-N`): what owns webhooks and shared secrets. */
  keyId: string;
  /** An admin key (`keys create --admin`): it sees the usage of every key. */
  admin?: boolean;
};

/** What a subgraph knows of the request it serves, beside its arguments. */
export type SubgraphRequest = {
  /** The caller's API key; absent for a request without one. */
  caller?: RequestCaller;
};

/** A built subgraph: its schema, and the per-request context factory (fresh DataLoaders). */
export type Subgraph<Context = unknown> = {
  /** Service name in the supergraph. */
  name: string;
  schema: GraphQLSchema;
  /** Called once per request; never share its loaders across requests. */
  createContext: (deps: SubgraphDeps, request?: SubgraphRequest) => Context;
};
