import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { execute, parse, validate, type DocumentNode, type GraphQLError } from 'graphql';
import type { Subgraph } from '../subgraphs/shared/subgraph';
import { asClientErrors, type SubgraphContexts } from './subgraphContexts';

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;

/** Bound on cached subgraph documents: the gateway emits one per query-plan fetch shape. */
const maxCachedDocuments = 1000;

/**
 * Runs a subgraph in the gateway's process. Unlike Apollo's LocalGraphQLDataSource it parses and
 * validates each distinct subgraph query once (the gateway sends the same few shapes again and
 * again), and gives the subgraph its per-request context (see {@link SubgraphContexts}).
 *
 * @example new InProcessDataSource(subgraph, createSubgraphContexts(deps))
 */
export class InProcessDataSource implements GraphQLDataSource {
  private readonly documents = new Map<string, DocumentNode | readonly GraphQLError[]>();

  constructor(
    private readonly subgraph: Subgraph,
    private readonly contexts: SubgraphContexts,
  ) {}

  async process({ request, context }: GraphQLDataSourceProcessOptions): Promise<GatewayGraphQLResponse> {
    const document = this.document(request.query ?? '');
    if (!('kind' in document)) return { errors: document as GraphQLError[] };
    const result = await execute({
      schema: this.subgraph.schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: this.contexts(this.subgraph, context),
    });
    return asClientErrors(result) as GatewayGraphQLResponse;
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
