// The REST facade runs a route's operation on its subgraph directly (the gateway's shortcut) and
// formats the errors itself with formatErrors(): the client must see exactly what Apollo Server
// would have answered for the same errors, which this test asks Apollo Server itself.
import { ApolloServer } from '@apollo/server';
import { buildSchema, execute, GraphQLError, parse } from 'graphql';
import { formatErrors, maskError } from '../../gateway/graphqlServer';
import { ApiError, BadRequestError, NotFoundError } from '../../subgraphs/shared/errors';

const thrown: Record<string, () => unknown> = {
  notFound: () => {
    throw new NotFoundError('chain 5 is not indexed');
  },
  badRequest: () => {
    throw new BadRequestError('pageSize must be at least 1');
  },
  unavailable: () => {
    throw new ApiError(503, 'the database is not reachable');
  },
  internal: () => {
    throw new Error('connection string postgresql://secret@db');
  },
  coded: () => {
    throw new GraphQLError('refused', { extensions: { code: 'BAD_USER_INPUT' } });
  },
  statusOnly: () => {
    throw new GraphQLError('too many', { extensions: { http: { status: 429 } } });
  },
};
// Root fields resolved from the root value: graphql-js calls a function it finds there.
const schema = buildSchema(
  `type Query { ${Object.keys(thrown)
    .map((name) => `${name}: Int`)
    .join(' ')} }`,
);

describe('formatErrors()', () => {
  test.each(Object.keys(thrown))(
    "%s: the same formatted error as Apollo Server with the service's formatError",
    async (field) => {
      const apolloLog: unknown[] = [];
      const server = new ApolloServer({
        schema,
        rootValue: thrown,
        includeStacktraceInErrorResponses: false,
        formatError: (formatted, error) => maskError(formatted, error, (_m, e) => apolloLog.push(e)),
      });
      await server.start();
      try {
        const response = await server.executeOperation({ query: `{ ${field} }` });
        const expected = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        const ownLog: unknown[] = [];
        const result = await execute({ schema, document: parse(`{ ${field} }`), rootValue: thrown });
        expect(formatErrors(result.errors!, (_m, e) => ownLog.push(e))).toEqual(expected);
        expect(ownLog.length).toBe(apolloLog.length);
      } finally {
        await server.stop();
      }
    },
  );
});
