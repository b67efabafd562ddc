import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { ApiError } from '../subgraphs/shared/errors';

/**
 * Most objects an operation may ask for. The cost counts objects, multiplied by page sizes. The
 * dearest REST document is a page of 10,000 subnets with their blockchains and genesis data
 * (140,000; a whole block of 10,000 transactions is 50,000); 10,000 subnets each with 100 validators
 * cost over a million and are refused.
 */
export const maxQueryCost = 200_000;

/** Arguments that size a list, and what the largest page anywhere is (pageSize 0: a whole block). */
const sizeArguments = ['pageSize', 'first'];
const largestPage = 10_000;

/**
 * The cost of an operation: each object field counts 1 plus what it selects, and a field with a
 * `pageSize` or `first` argument counts that many times (its value, from the document or the
 * variables, else its default; 0 and out-of-range values count as the largest page, 10,000, so an
 * invalid size is refused by the argument's own rule rather than here). Lists without a size
 * argument (a transaction's transfers) count once: their length is bounded by the data.
 *
 * @returns the cost; each fragment is costed once, however often it is spread
 * @example queryCost(schema, document, operation, { pageSize: 100 })
 */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const fragmentCosts = new Map<string, number>();
  const sizeOf = (
    field: GraphQLField<unknown, unknown>,
    given: readonly { name: { value: string }; value: ValueNode }[] = [],
  ): number => {
    const argument = field.args.find((candidate) => sizeArguments.includes(candidate.name));
    if (!argument) return 1;
    const node = given.find((candidate) => candidate.name.value === argument.name)?.value;
    const value =
      node === undefined
        ? argument.defaultValue
        : node.kind === Kind.INT
          ? Number(node.value)
          : node.kind === Kind.VARIABLE
            ? (variables[node.name.value] ?? argument.defaultValue)
            : undefined;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= largestPage
      ? value
      : largestPage;
  };
  const costOf = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType): number => {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.selectionSet || !(isObjectType(parent) || isInterfaceType(parent))) continue;
        const field = parent.getFields()[selection.name.value];
        const type = field && getNamedType(field.type);
        if (!field || !isCompositeType(type)) continue;
        cost += sizeOf(field, selection.arguments) * (1 + costOf(selection.selectionSet, type));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (isCompositeType(type)) cost += costOf(selection.selectionSet, type);
      } else {
        const name = selection.name.value;
        let fragmentCost = fragmentCosts.get(name);
        if (fragmentCost === undefined) {
          fragmentCosts.set(name, 0); // a cycle counts nothing the second time (graphql-js refuses cycles)
          const fragment = fragments.get(name);
          const type = fragment && schema.getType(fragment.typeCondition.name.value);
          fragmentCost = fragment && isCompositeType(type) ? costOf(fragment.selectionSet, type) : 0;
          fragmentCosts.set(name, fragmentCost);
        }
        cost += fragmentCost;
      }
    }
    return cost;
  };
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  return root ? costOf(operation.selectionSet, root) : 0;
}

/**
 * An Apollo Server plugin refusing (400) operations whose {@link queryCost} exceeds `maxCost`,
 * once the variables are known and before the gateway plans or runs anything.
 * @example new ApolloServer({ gateway, plugins: [limitQueryCost()] })
 */
export function limitQueryCost<Context extends object>(maxCost = maxQueryCost): ApolloServerPlugin<Context> {
  return {
    requestDidStart: async () => ({
      didResolveOperation: async ({ schema, document, operation, request }) => {
        if (!operation) return;
        const cost = queryCost(schema, document, operation, request.variables ?? {});
        if (cost > maxCost)
          throw new ApiError(
            400,
            `Query costs ${cost} (objects, page sizes multiplied); at most ${maxCost} is allowed`,
          );
      },
    }),
  };
}
