import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * Bounds on a GraphQL document. Depth and aliases: Apollo's defaults, as ponder uses them.
 * Fields: how many fields an operation selects once its fragments are expanded (each spread
 * counted as often as it is spread). The largest REST document selects 97 fields (`listSubnets`,
 * with genesis data and its config); 10,000 leaves GraphQL clients a hundred times that, while a
 * document built to multiply its fragments (`fragment F2 on Query { ...F1 ...F1 }`) passes it
 * after some fourteen doublings, long before the planner or the process would notice.
 */
export const queryLimits = { maxDepth: 15, maxAliases: 30, maxFields: 10_000 } as const;

/** Depth and expanded field count of a selection set. */
type Size = { depth: number; fields: number };

/**
 * A validation rule refusing documents nested deeper than `maxDepth`, with more than `maxAliases`
 * aliases, or whose operation selects more than `maxFields` fields once fragments are expanded: a
 * cheap guard against queries built to exhaust the database, the query planner (which expands
 * fragments) or the process. Refused documents answer 400 (GRAPHQL_VALIDATION_FAILED), and never
 * reach the planner: Apollo Server validates before it executes.
 *
 * Each fragment is sized once per document, so the rule is linear in the document's size even
 * when fragments spread each other many times over (the expanded size may be exponential).
 *
 * @param limits the bounds; {@link queryLimits} when omitted
 * @returns the rule, for `validationRules`
 * @example new ApolloServer({ gateway, validationRules: [limitQuery()] })
 */
export function limitQuery({
  maxDepth,
  maxAliases,
  maxFields,
}: {
  maxDepth: number;
  maxAliases: number;
  maxFields: number;
} = queryLimits) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    const sizeOf = createSizeOf(context);
    return {
      Field(node) {
        if (node.alias && ++aliases === maxAliases + 1) {
          context.reportError(new GraphQLError(`Query uses more than ${maxAliases} aliases`, { nodes: node }));
        }
      },
      OperationDefinition(node) {
        const { depth, fields } = sizeOf(node.selectionSet);
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`Query is nested ${depth} levels deep; at most ${maxDepth} are allowed`, { nodes: node }),
          );
        }
        if (fields > maxFields) {
          const count = Number.isFinite(fields) && fields < 1e15 ? String(fields) : 'too many';
          context.reportError(
            new GraphQLError(`Query selects ${count} fields; at most ${maxFields} are allowed`, { nodes: node }),
          );
        }
      },
    };
  };
}

/** Measures selection sets of one document, each fragment once. */
function createSizeOf(context: ValidationContext): (selectionSet: SelectionSetNode) => Size {
  const fragments = new Map<string, Size>();
  const fragmentSize = (name: string): Size => {
    let size = fragments.get(name);
    if (size) return size;
    // A fragment spreading itself counts nothing the second time: graphql-js's NoFragmentCycles
    // rule refuses such documents anyway; this keeps the walk finite.
    fragments.set(name, { depth: 0, fields: 0 });
    const fragment = context.getFragment(name);
    size = fragment ? sizeOf(fragment.selectionSet) : { depth: 0, fields: 0 };
    fragments.set(name, size);
    return size;
  };
  const sizeOf = (selectionSet: SelectionSetNode): Size => {
    let depth = 0;
    let fields = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const inner = selection.selectionSet ? sizeOf(selection.selectionSet) : { depth: 0, fields: 0 };
        depth = Math.max(depth, 1 + inner.depth);
        fields += 1 + inner.fields;
      } else {
        const inner =
          selection.kind === Kind.INLINE_FRAGMENT ? sizeOf(selection.selectionSet) : fragmentSize(selection.name.value);
        depth = Math.max(depth, inner.depth);
        fields += inner.fields;
      }
    }
    return { depth, fields };
  };
  return sizeOf;
}
