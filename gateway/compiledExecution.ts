import {
  execute,
  getOperationAST,
  getVariableValues,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type VariableDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** Runs an operation of a document on a schema (graphql-js `execute` semantics). */
export type OperationRunner = (operation: {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown>;
  contextValue: unknown;
}) => Promise<ExecutionResult>;

/**
 * Executes operations with graphql-jit (the engine of Mercurius): a document executed a second
 * time is compiled into a function for its selection, which then answers without graphql-js's
 * per-field interpretation (argument values, type checks and completion for every field of every
 * item), which is a noticeable share of a REST request's CPU.
 * A document seen once runs with graphql-js, so one-off GraphQL documents cost no compilation;
 * a document graphql-jit cannot compile keeps running with graphql-js. Compiled queries are kept
 * per document object (the shortcut planner's, one per distinct query Apollo Server has cached),
 * so they go when the document does.
 *
 * Variables are coerced once: graphql-jit's compiled coercion runs them (calling the same scalars'
 * `parseValue`), and only when it refuses them does graphql-js check them again, because its messages
 * are the ones clients get (and the REST facade rewords in terms of its parameters). Should the two
 * ever disagree, graphql-js executes the operation: its rules are the reference.
 *
 * @returns the runner
 * @example const run = createCompiledExecution(); await run({ schema, document, variables, contextValue })
 */
export function createCompiledExecution(): OperationRunner {
  /** Per document and operation name: how often it ran, and its compiled query (null: graphql-jit refused it). */
  const entries = new WeakMap<DocumentNode, Map<string, Entry>>();
  return async ({ schema, document, operationName, variables = {}, contextValue }) => {
    let byName = entries.get(document);
    if (!byName) entries.set(document, (byName = new Map()));
    let entry = byName.get(operationName ?? '');
    if (!entry) byName.set(operationName ?? '', (entry = { runs: 0 }));
    entry.runs++;
    if (entry.query === undefined && entry.runs >= 2) entry.query = compile(schema, document, operationName);
    if (!entry.query) return execute({ schema, document, operationName, variableValues: variables, contextValue });
    const result = await entry.query.compiled.query(undefined, contextValue, variables);
    // No data at all: graphql-jit refused the variables before executing.
    if ('data' in result) return result;
    const checked = getVariableValues(schema, entry.query.variables, variables);
    if (checked.errors) return { errors: checked.errors };
    return execute({ schema, document, operationName, variableValues: variables, contextValue });
  };
}

type Compiled = { compiled: CompiledQuery; variables: readonly VariableDefinitionNode[] };
type Entry = { runs: number; query?: Compiled | null };

/** The compiled query and its variable definitions; null when graphql-jit cannot compile it. */
function compile(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): Compiled | null {
  const operation = getOperationAST(document, operationName);
  const compiled = compileQuery(schema, document, operationName ?? undefined, { disablingCapturingStackErrors: true });
  return operation && isCompiledQuery(compiled) ? { compiled, variables: operation.variableDefinitions ?? [] } : null;
}
