import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, type DocumentNode } from 'graphql';

/**
 * An Apollo Server plugin answering 400 (OPERATION_RESOLUTION_FAILURE) when the request names no
 * operation of its document (unknown `operationName`, or none given for a document with several).
 * Apollo Server does this itself when it executes a schema, but with a gateway the gateway throws
 * first, and its error would be an internal one (500). Messages are graphql-js's.
 *
 * @returns the plugin
 * @example new ApolloServer({ gateway, plugins: [operationResolution()] })
 */
export function operationResolution<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    requestDidStart: async () => ({
      didResolveOperation: async ({ operation, document, request }) => {
        if (operation) return;
        throw new GraphQLError(unresolvedMessage(document, request.operationName), {
          extensions: { code: 'OPERATION_RESOLUTION_FAILURE', http: { status: 400 } },
        });
      },
    }),
  };
}

function unresolvedMessage(document: DocumentNode, operationName: string | undefined): string {
  if (operationName) return `Unknown operation named "${operationName}".`;
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return operations.length > 1
    ? 'Must provide operation name if query contains multiple operations.'
    : 'Must provide an operation.';
}
