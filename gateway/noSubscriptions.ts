import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';

/**
 * A validation rule refusing subscription operations: the schema has no Subscription type and
 * /graphql speaks plain HTTP, but graphql-js 16 validates a `subscription` against a missing root
 * type without complaint, and execution would then fail as an internal error. Refused documents
 * answer 400 (GRAPHQL_VALIDATION_FAILED).
 *
 * @param context the validation context graphql-js passes to each rule
 * @returns the rule's visitor
 * @example new ApolloServer({ gateway, validationRules: [noSubscriptions] })
 */
export function noSubscriptions(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation !== 'subscription') return;
      context.reportError(
        new GraphQLError('Subscriptions are not supported: send a query or a mutation', { nodes: node }),
      );
    },
  };
}
