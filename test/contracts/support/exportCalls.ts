// The transaction export operations as calls through both official SDKs: a new export (compared with
// what getOperationResult answers afterwards), and an export of the calling key stored finished, with
// every metadata member, before the calls (its ID read when a call is made).
import { type Call, type OfficialSdks } from './officialSdks';

/** What the calls act on: a finished export of the key the SDKs send, stored in the test's beforeAll. */
export type ExportValues = {
  operationId: string;
  /** An EVM address with transactions on the C-Chain. */
  address: string;
};

/**
 * The 2 operations of the Operations tag, by operationId.
 * @param values read when each call is made (the test fills them in beforeAll)
 * @example exportCalls(sdks, values)
 */
export function exportCalls(sdks: OfficialSdks, values: ExportValues): Record<string, Call> {
  const at = () => sdks.at();
  const request = () => ({
    type: 'TRANSACTION_EXPORT_EVM' as const,
    firstDate: '2024-01-01',
    lastDate: '2024-12-31',
    options: { addresses: [values.address], includeChains: ['43114'] },
  });
  return {
    postTransactionExportJob: {
      path: '/v1/operations/transactions:export',
      method: 'POST',
      readBack: (answered) => `/v1/operations/${answered.operationId}`,
      chainkit: () => sdks.chainkit.data.operations.exportTransactions(request(), at()),
      avacloud: () => sdks.avacloud.data.operations.exportTransactions(request(), at()),
    },
    getOperationResult: {
      get path() {
        return `/v1/operations/${values.operationId}`;
      },
      chainkit: () => sdks.chainkit.data.operations.getResult({ operationId: values.operationId }, at()),
      avacloud: () => sdks.avacloud.data.operations.getResult({ operationId: values.operationId }, at()),
    },
  };
}
