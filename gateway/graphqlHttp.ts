import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { GatewayContext } from './graphqlServer';
import { requestCaller } from './requestCaller';

/** Options of {@link createGraphQLHttp}. */
export type GraphQLHttpOptions = {
  /** Largest accepted request body, in body-parser's notation. @default '1mb' */
  bodyLimit?: string;
  /** Runs once the body is read, before Apollo Server: access control (keys, compute units) weighs the query here. */
  beforeExecute?: (request: Request, response: Response, next: NextFunction) => void;
};

/** A request-level error of /graphql, before any GraphQL runs. */
type HttpError = { status: number; code: string; message: string };

/**
 * The /graphql endpoint over HTTP: reads the JSON body, then hands the request to Apollo Server.
 * A body that is not JSON, not a JSON object, or over `bodyLimit` gets an answer worded for the
 * client (never the JSON parser's message), with a 4xx status: 400, 413 when too large, 415 for
 * an encoding or charset the parser does not read.
 *
 * Error shape: every error /graphql answers is `{errors: [{message, extensions: {code, http: {status}}}]}`,
 * the shape Apollo Server answers (with the status that `maskError` adds), so a GraphQL client
 * reads body errors, validation errors and resolver errors alike. The REST paths keep
 * `{message, statusCode, error}`.
 *
 * @param server the started Apollo Server (`createGraphQLServer`)
 * @param options the body size limit
 * @returns an Express router answering GET, HEAD and POST at /graphql
 * @example const graphql = createGraphQLHttp(server); app.get('/graphql', graphql); app.post('/graphql', graphql)
 */
export function createGraphQLHttp(
  server: ApolloServer<GatewayContext>,
  { bodyLimit = '1mb', beforeExecute }: GraphQLHttpOptions = {},
): Router {
  const router = express.Router();
  // `strict: false` parses any JSON value, so a body of `null` or `"x"` is refused below in words of
  // its own rather than with the parser's "Unexpected token".
  router.use(express.json({ limit: bodyLimit, strict: false }));
  router.use((request: Request, response: Response, next: NextFunction) => {
    const body: unknown = request.body;
    // undefined: not a JSON request (Apollo Server answers it); an array: a batch (Apollo Server
    // refuses it: batching is off).
    if (body === undefined || (typeof body === 'object' && body !== null)) return next();
    sendError(response, {
      status: 400,
      code: 'BAD_REQUEST',
      message: 'the request body must be a JSON object with a query',
    });
  });
  if (beforeExecute) router.use(beforeExecute);
  // Apollo Server runs GET and POST only: a HEAD (GraphQL over GET, asked for its headers) is
  // handed to it as the GET it mirrors, a view of the request whose method reads GET; Node then
  // writes the answer's headers without its content.
  const apollo = expressMiddleware(server, { context: async ({ res }) => ({ caller: requestCaller(res) }) });
  router.use((request: Request, response: Response, next: NextFunction) =>
    apollo(
      request.method === 'HEAD' ? (Object.create(request, { method: { value: 'GET' } }) as Request) : request,
      response,
      next,
    ),
  );
  router.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    const answer = bodyError(error, bodyLimit);
    if (!answer || response.headersSent) return next(error);
    sendError(response, answer);
  });
  return router;
}

/** The client's error behind a body-parser failure; undefined for anything else (an internal error). */
function bodyError(error: unknown, bodyLimit: string): HttpError | undefined {
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (typeof type !== 'string' || typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  switch (type) {
    case 'entity.parse.failed':
      return { status: 400, code: 'BAD_REQUEST', message: 'the request body is not valid JSON' };
    case 'entity.too.large':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: `the request body is larger than ${bodyLimit}` };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'the request body must be JSON in UTF-8' };
    default:
      // Aborted or truncated uploads: the body never arrived whole.
      return { status: 400, code: 'BAD_REQUEST', message: 'the request body could not be read' };
  }
}

/** Codes of the HTTP-level refusals the service words for /graphql (server/routeMethods.ts). */
const refusalCodes: Record<number, string> = { 405: 'METHOD_NOT_ALLOWED', 413: 'PAYLOAD_TOO_LARGE' };

/**
 * An HTTP-level refusal of a /graphql request (a method /graphql does not answer, a GET's body over
 * the limit) in the GraphQL error shape every /graphql error has.
 * @param response the response
 * @param status the HTTP status
 * @param message the message
 * @example refuseGraphQLRequest(response, 405, '/graphql answers GET, HEAD and POST, not PUT')
 */
export function refuseGraphQLRequest(response: Response, status: number, message: string): void {
  sendError(response, { status, code: refusalCodes[status] ?? 'BAD_REQUEST', message });
}

function sendError(response: Response, { status, code, message }: HttpError): void {
  response.status(status).json({ errors: [{ message, extensions: { code, http: { status } } }] });
}
