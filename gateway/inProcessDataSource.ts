import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { execute, parse, validate, type DocumentNode, type GraphQLError } from 'graphql';
import type { Subgraph, SubgraphDeps } from '../subgraphs/shared/subgraph';

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

/** Bound on cached subgraph documents: the gateway emits one per query-plan fetch shape. */
const maxCachedDocuments = 1000;

/**
 * Runs a subgraph in the gateway's process. Unlike Apollo's LocalGraphQLDataSource it parses and
 * validates each distinct subgraph query once (the gateway sends the same few shapes again and
 * again), and gives the subgraph its own per-request context, shared by every fetch of one
 * gateway request so its DataLoaders batch across the whole query plan.
 *
 * @example new InProcessDataSource(subgraph, deps)
 */
export class InProcessDataSource implements GraphQLDataSource {
  private readonly documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
  private readonly contexts = new WeakMap<object, unknown>();

  constructor(
    private readonly subgraph: Subgraph,
    private readonly deps: SubgraphDeps,
  ) {}

  async process({ request, context }: GraphQLDataSourceProcessOptions): Promise<GatewayGraphQLResponse> {
    const document = this.document(request.query ?? '');
    if (!('kind' in document)) return { errors: document as GraphQLError[] };
    const result = await execute({
      schema: this.subgraph.schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: this.contextFor(context),
    });
    // No `data` at all: the variables were refused before execution. The gateway's copy of a
    // custom scalar (SafeInt) accepts anything, so the subgraph is where a client's bad value is
    // caught; mark it as the client's error, as an HTTP subgraph's Apollo Server does.
    if (!('data' in result) && result.errors) {
      return { errors: result.errors.map((error) => ({ ...error.toJSON(), extensions: { ...error.extensions, code: 'BAD_USER_INPUT' } })) };
    }
    return result as GatewayGraphQLResponse;
  }

  private contextFor(gatewayContext: object | undefined): unknown {
    if (!gatewayContext) return this.subgraph.createContext(this.deps);
    let context = this.contexts.get(gatewayContext);
    if (!context) {
      context = this.subgraph.createContext(this.deps);
      this.contexts.set(gatewayContext, context);
    }
    return context;
  }

  private document(query: string): DocumentNode | readonly GraphQLError[] {
    let document = this.documents.get(query);
    if (document) return document;
    try {
      const parsed = parse(query);
      const errors = validate(this.subgraph.schema, parsed);
      document = errors.length > 0 ? errors : parsed;
    } catch (error) {
      document = [error as GraphQLError];
    }
    if (this.documents.size >= maxCachedDocuments) this.documents.clear();
    this.documents.set(query, document);
    return document;
  }
}
