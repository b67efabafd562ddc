// Example requests of the transaction export routes (routeExamples.ts): they act for the examples'
// key (webhookRouteExamples.ts) on operations stored for it by SQL first, in every status, so the
// answers together show every documented member.
import type { Database } from '../../prisma/database';
import type { ExampleRequest, RouteExamples } from './routeExamples';
import { exampleApiKey } from './webhookRouteExamples';

const headers = { 'x-glacier-api-key': exampleApiKey };
const evmAddress = '0xad9ea0f0f155856c610bc910d7af91513f98a093';
const pAddress = 'avax10xt8e2ngrf279r8vayetk5rqk78uwvve7mhnun';

/** One stored operation of each final status, and one running, with every member its status has. */
const stored: Array<[string, string, string, string | null, string | null, string | null]> = [
  ['b0000000-0000-4000-8000-000000000001', 'TRANSACTION_EXPORT_EVM', 'RUNNING', null, null, null],
  ['b0000000-0000-4000-8000-000000000002', 'TRANSACTION_EXPORT_EVM', 'COMPLETED', null, null, 'token-completed'],
  [
    'b0000000-0000-4000-8000-000000000003',
    'TRANSACTION_EXPORT_PRIMARY_NETWORK',
    'COMPLETED_WITH_WARNING',
    'WarnTruncatedExport',
    '2024-06-01',
    'token-truncated',
  ],
  ['b0000000-0000-4000-8000-000000000004', 'TRANSACTION_EXPORT_EVM', 'FAILED', 'ErrInvalidRequest', null, null],
];

async function storeOperations(db: Database): Promise<void> {
  for (const [id, type, status, code, nextDate, token] of stored)
    await db.query(
      `INSERT INTO transaction_export (id, owner_key_id, operation_type, request, status, message, code, next_date, download_token, expires_at)
       VALUES ($1, 'config-1', $2, '{}', $3, 'an example', $4, $5, $6, now() + interval '1 day')
       ON CONFLICT (id) DO NOTHING`,
      [id, type, status, code, nextDate, token],
    );
}

const post = (body: unknown): ExampleRequest => ({
  method: 'POST',
  path: '/v1/operations/transactions:export',
  body,
  headers,
});

/** The examples of the two export routes. */
export const exportRouteExamples: Record<string, RouteExamples> = {
  'Mutation.postTransactionExportJob': {
    requests: async () => [
      post({
        type: 'TRANSACTION_EXPORT_EVM',
        firstDate: '2024-01-01',
        lastDate: '2024-12-31',
        options: { addresses: [evmAddress], includeChains: ['43114'] },
      }),
      post({
        type: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
        startDate: '2024-01-01',
        endDate: '2024-12-31',
        options: { addresses: [pAddress], cChainEvmAddresses: [evmAddress], includeChains: ['p-chain', 'c-chain'] },
      }),
    ],
    unseen: {
      '$.metadata':
        'a new operation is RUNNING: metadata comes when a worker has built it (getOperationResult shows it)',
    },
  },
  'Query.getOperationResult': {
    requests: async (db) => {
      await storeOperations(db);
      return stored.map(([id]) => ({ method: 'GET' as const, path: `/v1/operations/${id}`, headers }));
    },
  },
};
