import { Supergraph } from '@apollo/federation-internals';
import { isNonNullType, type GraphQLSchema } from 'graphql';
import { withCustomScalars } from '../gateway/customScalars';
import { errorCodes, reasonPhrase } from '../shared/errorStatus';
import { pageSizeLimits } from '../subgraphs/shared/limits';
import { openApiPath } from './openApiPath';
import { componentSchemas, valueSchema, type SchemaObject } from './openApiSchemas';
import { homeFieldOrder } from './fieldOrder';
import { readRestAnnotations, type RestAnnotations } from './restAnnotations';
import { HEALTH_TAG, healthPathItems, healthSchemas } from './healthOperations';
import { hasJsonBody, restRoutes, type RestRoute } from './routes';
import { routeParameters } from './routeParameters';
import { restSchema } from './restSchema';

/** What the tags of the routes group, as Swagger UI and the official SDKs show them. */
const tagDescriptions: Record<string, string> = {
  'Primary Network': 'Subnets, L1s and validators of the primary network.',
  'Primary Network Balances': 'Balances of P-Chain, X-Chain and C-Chain addresses.',
  'Primary Network UTXOs': 'UTXOs of P-Chain, X-Chain and C-Chain addresses.',
  'Primary Network Rewards': 'Staking rewards not paid yet.',
  'Primary Network Blocks': 'P-Chain and X-Chain blocks.',
  'Primary Network Vertices': 'Vertices of the X-Chain before it moved to linear blocks.',
  'EVM Transactions': 'Transactions, transfers and deployments of indexed EVM chains.',
  'EVM Balances': 'Native and ERC-20 balances of addresses on indexed EVM chains.',
  NFTs: 'ERC-721 and ERC-1155 tokens with their metadata.',
  'Signature Aggregator': 'Warp messages signed by the validators of their subnet.',
  'Chain Metrics': 'Activity of EVM chains over time, from exact rollups.',
  'Looking Glass': 'Addresses by what they held over time.',
  'L1 Validator Metrics': 'The continuous fee L1 validations pay on the P-Chain, per day.',
  [HEALTH_TAG]: 'Whether the service and its database answer.',
  Webhooks:
    'Events of addresses and validators POSTed to your URL as blocks are indexed, signed with your key’s shared secret.',
  Operations: 'Transaction exports of your key: built in the background as CSV files you download.',
  'Data API Usage Metrics':
    'Requests your API key made to this service and its node RPC, per period or one by one (every key’s for an admin key).',
};

/**
 * The OpenAPI 3.1 document of the REST routes, built from the REST schema the facade serves: the
 * routed fields' arguments are the parameters (with their descriptions, types, page-size bounds
 * and examples that answer on the demo data set), their types the responses, the field names
 * the operationIds, as in the official documents; every status of the error body; API keys as
 * the hosted API and this service take them.
 *
 * @param options the REST schema and annotations, and the routes
 * @returns the document `/openapi.json` serves
 * @example buildOpenApiDocument({ schema, annotations, routes: restRoutes })
 */
export function buildOpenApiDocument({
  schema,
  annotations,
  routes,
}: {
  schema: GraphQLSchema;
  annotations: RestAnnotations;
  routes: Record<string, RestRoute>;
}): SchemaObject {
  const parametersOf = routeParameters(schema, routes);
  const paths: Record<string, Record<string, SchemaObject>> = {};
  for (const [key, route] of Object.entries(routes)) {
    const [rootName, fieldName] = key.split('.') as [string, string];
    const field = (rootName === 'Mutation' ? schema.getMutationType() : schema.getQueryType())?.getFields()[fieldName];
    if (!field) continue;
    const examples = route.examples ?? {};
    const parameters: SchemaObject[] = [];
    const bodyProperties: Record<string, SchemaObject> = {};
    const bodyRequired: string[] = [];
    for (const argument of field.args) {
      const location = parametersOf.get(key)!.get(argument.name)!.location;
      const argumentSchema = valueSchema(argument.type);
      if (argument.name === 'pageSize' && route.list) {
        const limits = pageSizeLimits[route.list];
        Object.assign(argumentSchema, { minimum: limits.min, maximum: limits.max, default: limits.default });
      }
      const description = argument.description ?? undefined;
      if (location === 'body') {
        bodyProperties[argument.name] = { ...argumentSchema, ...(description ? { description } : {}) };
        if (isNonNullType(argument.type)) bodyRequired.push(argument.name);
        continue;
      }
      parameters.push({
        name: argument.name,
        in: location,
        required: location === 'path' || isNonNullType(argument.type),
        ...(description ? { description } : {}),
        schema: argumentSchema,
        ...(examples[argument.name] !== undefined ? { example: examples[argument.name] } : {}),
      });
    }
    const status = String(route.responseStatus ?? 200);
    const operation: SchemaObject = {
      operationId: fieldName,
      summary: route.summary,
      ...(field.description ? { description: field.description } : {}),
      tags: route.tags ?? [],
      parameters,
      ...(hasJsonBody(route.method) && Object.keys(bodyProperties).length
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: bodyProperties,
                    ...(bodyRequired.length ? { required: bodyRequired } : {}),
                  },
                  ...(route.bodyExample ? { example: route.bodyExample } : {}),
                },
              },
            },
          }
        : {}),
      responses: {
        [status]: {
          description: reasonPhrase(Number(status)),
          ...(route.noContent ? {} : { content: { 'application/json': { schema: valueSchema(field.type) } } }),
        },
        ...Object.fromEntries(
          Object.keys(errorCodes).map((code) => [
            code,
            {
              description: reasonPhrase(Number(code)),
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
            },
          ]),
        ),
      },
    };
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  Object.assign(paths, healthPathItems());
  const usedTags = [...new Set([...Object.values(routes).flatMap((route) => route.tags ?? []), HEALTH_TAG])];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Avalanche Data API',
      // The version of the API contract, the official documents' own.
      version: '1.0.0',
      description:
        'Self-hosted Avalanche Data API and Metrics API: the paths, parameters and answers of the official documents, ' +
        'served from your own database. Errors answer {message, statusCode, error}. Lists are newest first when ' +
        'sortOrder is omitted; nextPageToken is absent on the last page.',
    },
    servers: [{ url: '/', description: 'This service' }],
    security: [{ apiKey: [] }, { serviceApiKey: [] }, {}],
    tags: usedTags.map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-glacier-api-key',
          description:
            'An API key of this service (avalanche-data-service keys create), in the header clients of the hosted API send.',
        },
        serviceApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-service-api-key',
          description: 'The same key, in this service’s own header.',
        },
      },
      schemas: {
        ...componentSchemas(schema, annotations),
        ...healthSchemas,
        ErrorBody: {
          type: 'object',
          required: ['message', 'statusCode', 'error'],
          properties: {
            message: { type: 'string', description: 'Human-readable text.' },
            statusCode: { type: 'integer', description: 'HTTP status.' },
            error: { type: 'string', description: 'Standard reason phrase of the status.' },
          },
        },
      },
    },
  };
}

/**
 * The OpenAPI document of a supergraph alone (no database, no gateway running): the same
 * construction the service serves at /openapi.json, over the same API schema the gateway derives
 * from the supergraph. `npm run compose` checks it in as schema/openapi.json.
 *
 * @param supergraphSdl the composed supergraph
 * @param subgraphSdls the SDL of the subgraphs composed into it (their field order); the checked-in ones by default
 * @returns the document
 * @example JSON.stringify(openApiDocument(readSupergraphSdl()))
 */
export function openApiDocument(supergraphSdl: string, subgraphSdls?: readonly string[]): SchemaObject {
  const annotations = readRestAnnotations(supergraphSdl);
  const apiSchema = withCustomScalars(Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema());
  const schema = restSchema(apiSchema, Object.keys(restRoutes), annotations, homeFieldOrder(subgraphSdls));
  return buildOpenApiDocument({ schema, annotations, routes: restRoutes });
}
