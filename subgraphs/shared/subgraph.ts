import type { GraphQLSchema } from 'graphql';
import type { Database } from '../../prisma/database';
import type { PrismaClient } from '../../prisma/generated/client';
import type { SignatureAggregator } from '../../signature-aggregator';
import type { Clock } from '../../shared/clock';
import type { PageTokenSigner } from './paging/pageToken';

/** What every subgraph needs from the process that hosts it. */
export type SubgraphDeps = {
  /** The process's one Prisma client. */
  prisma: PrismaClient;
  /** Raw reads of the hot loaders, counted with Prisma's statements (Database.read). */
  read: Database['read'];
  /** Signs and checks page tokens. */
  pageTokens: PageTokenSigner;
  /** "Now" for every time-dependent answer. */
  clock: Clock;
  /** Warp signature aggregation (4.1, 4.2); one per process, it holds caches. Absent: those endpoints answer 503. */
  signatureAggregator?: SignatureAggregator;
};

/** A built subgraph: its schema, and the per-request context factory (fresh DataLoaders). */
export type Subgraph<Context = unknown> = {
  /** Service name in the supergraph. */
  name: string;
  schema: GraphQLSchema;
  /** Called once per request; never share its loaders across requests. */
  createContext: (deps: SubgraphDeps) => Context;
};
