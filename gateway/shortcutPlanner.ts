import { operationFromDocument, Supergraph } from '@apollo/federation-internals';
import { QueryPlanner, type PlanNode, type QueryPlan, type SubscriptionNode } from '@apollo/query-planner';
import { BREAK, getOperationAST, separateOperations, validate, visit, type DocumentNode } from 'graphql';
import type { Subgraph } from '../subgraphs/shared/subgraph';

/** An operation one in-process subgraph answers alone. */
export type Shortcut = {
  subgraph: Subgraph;
  /** The operation with the fragments it uses, without the document's other operations. */
  document: DocumentNode;
};

/**
 * The shortcut for an operation, or null when the gateway must run the query plan. Decided once
 * per document and operation name.
 */
export type ShortcutPlanner = (document: DocumentNode, operationName: string | null | undefined) => Shortcut | null;

/**
 * The shortcut decision, taken by the query planner Apollo's gateway uses (same package, same
 * version, same supergraph), so it is the plan itself that says "one fetch". Being valid against a
 * subgraph's schema is not enough: a subgraph's schema also holds @external fields it cannot
 * resolve alone, and fields whose @requires the plan must first fetch elsewhere.
 *
 * An operation qualifies when its plan is a single fetch, with no entity representations to send
 * (`requires`), no data rewrites, to a subgraph running in this process, and the document is
 * valid against that subgraph's schema (the operation and its fragments: a document's other
 * operations may well need other subgraphs). The subgraph then computes the very fetch the plan
 * would make, and the answer is the one the gateway would assemble from it.
 *
 * Planning is CPU work: decisions are cached per DocumentNode (Apollo Server keeps one parsed
 * document per distinct query string) and operation name. Only validated documents reach it, so
 * the depth and cost rules (queryLimits.ts) bound what the planner expands.
 *
 * @param supergraphSdl the supergraph the gateway serves
 * @param subgraphs the in-process subgraphs, named as in the supergraph
 * @returns the decision function
 * @example const shortcutOf = createShortcutPlanner({ supergraphSdl, subgraphs }); shortcutOf(document, 'Q')?.subgraph
 */
export function createShortcutPlanner({
  supergraphSdl,
  subgraphs,
}: {
  supergraphSdl: string;
  subgraphs: readonly Subgraph[];
}): ShortcutPlanner {
  const supergraph = Supergraph.build(supergraphSdl);
  const apiSchema = supergraph.apiSchema();
  const planner = new QueryPlanner(supergraph);
  const byName = new Map(subgraphs.map((subgraph) => [subgraph.name, subgraph]));
  const decisions = new WeakMap<DocumentNode, Map<string, Shortcut | null>>();

  const decide = (document: DocumentNode, operationName: string | undefined): Shortcut | null => {
    // The planner leaves introspection to the gateway, which must describe the supergraph.
    if (isIntrospection(document)) return null;
    let plan: QueryPlan;
    try {
      plan = planner.buildQueryPlan(operationFromDocument(apiSchema, document, { operationName }));
    } catch {
      // The gateway meets the same document and reports its error.
      return null;
    }
    const serviceName = singleFetchService(plan.node);
    const subgraph = serviceName === undefined ? undefined : byName.get(serviceName);
    const operation = getOperationAST(document, operationName);
    if (!subgraph || !operation) return null;
    const own = separateOperations(document)[operation.name?.value ?? ''];
    return own && validate(subgraph.schema, own).length === 0 ? { subgraph, document: own } : null;
  };

  return (document, operationName) => {
    let byOperation = decisions.get(document);
    if (!byOperation) decisions.set(document, (byOperation = new Map()));
    const key = operationName ?? '';
    let shortcut = byOperation.get(key);
    if (shortcut === undefined) byOperation.set(key, (shortcut = decide(document, operationName ?? undefined)));
    return shortcut;
  };
}

/** The service of a plan that is exactly one self-contained root fetch; undefined otherwise. */
function singleFetchService(node: PlanNode | SubscriptionNode | undefined): string | undefined {
  if (node?.kind !== 'Fetch') return undefined;
  if (
    node.requires?.length ||
    node.inputRewrites?.length ||
    node.outputRewrites?.length ||
    node.contextRewrites?.length
  ) {
    return undefined;
  }
  if (node.hasDefers) return undefined;
  return node.serviceName;
}

/** Introspection must describe the supergraph, not one subgraph. */
function isIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value !== '__schema' && node.name.value !== '__type') return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}
