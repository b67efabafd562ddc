// The official health and live checks: plain Express routes (server/healthRoutes.ts) rather than
// GraphQL fields, because their operationIds (`data-health-check`, …) are not GraphQL names and their
// answer is the hosted API's NestJS Terminus body, 503 included. Declared here so /openapi.json
// documents them beside the routed fields and the server registers exactly these paths.
import type { SchemaObject } from './openApiSchemas';

/** What a check probes: the database's readiness (reachable, migrations applied) or a read alone. */
export type HealthProbe = 'health' | 'live';

/** One health operation of the official documents. */
export type HealthOperation = {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  probe: HealthProbe;
};

/** The health operations of the Data API (`/v1`) and the Metrics API (`/v2`), as the official documents name them. */
export const healthOperations: readonly HealthOperation[] = [
  {
    path: '/v1/health-check',
    operationId: 'data-health-check',
    summary: 'Get the health of the service',
    description:
      'Check the health of the service: the database answers and every migration is applied (503 otherwise).',
    probe: 'health',
  },
  {
    path: '/v1/live-check',
    operationId: 'live-check',
    summary: 'Get the liveliness of the service (reads only)',
    description: 'Check the liveliness of the service (reads only): the database answers a read (503 otherwise).',
    probe: 'live',
  },
  {
    path: '/v2/health-check',
    operationId: 'metrics-health-check',
    summary: 'Get the health of the service',
    description:
      'Check the health of the service: the database answers and every migration is applied (503 otherwise).',
    probe: 'health',
  },
  {
    path: '/v2/live-check',
    operationId: 'metrics-live-check',
    summary: 'Get the liveliness of the service',
    description: 'Check the liveliness of the service: the database answers a read (503 otherwise).',
    probe: 'live',
  },
];

/** The official tag of the health operations. */
export const HEALTH_TAG = 'Health Check';

/** The Terminus body's schemas, as the official documents name them. */
export const healthSchemas: Record<string, SchemaObject> = {
  HealthIndicatorResultDto: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['up', 'down'], description: 'Status of the health indicator.' },
    },
  },
  HealthCheckResultDto: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['error', 'ok', 'shutting_down'] },
      info: {
        type: ['object', 'null'],
        additionalProperties: { $ref: '#/components/schemas/HealthIndicatorResultDto' },
        description: 'The indicators that are up.',
      },
      error: {
        type: ['object', 'null'],
        additionalProperties: { $ref: '#/components/schemas/HealthIndicatorResultDto' },
        description: 'The indicators that are down.',
      },
      details: {
        type: 'object',
        additionalProperties: { $ref: '#/components/schemas/HealthIndicatorResultDto' },
        description: 'Every indicator.',
      },
    },
  },
};

/**
 * The OpenAPI path items of the health operations: 200 and 503 both answer the Terminus body.
 * @returns path → `{ get: operation }`
 * @example healthPathItems()['/v1/live-check'].get.operationId // 'live-check'
 */
export function healthPathItems(): Record<string, Record<string, SchemaObject>> {
  const body = { 'application/json': { schema: { $ref: '#/components/schemas/HealthCheckResultDto' } } };
  return Object.fromEntries(
    healthOperations.map((operation) => [
      operation.path,
      {
        get: {
          operationId: operation.operationId,
          summary: operation.summary,
          description: operation.description,
          tags: [HEALTH_TAG],
          parameters: [],
          responses: {
            '200': { description: 'OK', content: body },
            '503': { description: 'Service Unavailable', content: body },
          },
        },
      },
    ]),
  );
}
