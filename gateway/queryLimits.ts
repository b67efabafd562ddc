import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from 'graphql';

/** Bounds on a GraphQL document: Apollo's defaults, as ponder uses them. */
export const queryLimits = { maxDepth: 15, maxAliases: 30 } as const;

/**
 * A validation rule refusing documents nested deeper than `maxDepth` or with more than
 * `maxAliases` aliases: a cheap guard against queries built to exhaust the database.
 * Refused documents answer 400 (GRAPHQL_VALIDATION_FAILED).
 *
 * @example new ApolloServer({ gateway, validationRules: [limitQuery()] })
 */
export function limitQuery({ maxDepth, maxAliases } = queryLimits) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === maxAliases + 1) {
          context.reportError(new GraphQLError(`Query uses more than ${maxAliases} aliases`, { nodes: node }));
        }
      },
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, context);
        if (depth > maxDepth) {
          context.reportError(new GraphQLError(`Query is nested ${depth} levels deep; at most ${maxDepth} are allowed`, { nodes: node }));
        }
      },
    };
  };
}

function depthOf(selectionSet: SelectionSetNode | undefined, context: ValidationContext, seen = new Set<string>()): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, context, seen) : 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, context, seen));
    } else if (!seen.has(selection.name.value)) {
      // Fragment cycles are refused by graphql-js's own rules; `seen` keeps this walk finite.
      const fragment = context.getFragment(selection.name.value);
      deepest = Math.max(deepest, depthOf(fragment?.selectionSet, context, new Set([...seen, selection.name.value])));
    }
  }
  return deepest;
}
