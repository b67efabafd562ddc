import type { ExportSource } from '../exports/exportSource';
import { evmExportRows } from './evm/exports/evmExportRows';
import { primaryNetworkExportRows } from './primary-network/exports/primaryNetworkExportRows';
import type { SubgraphDeps } from './shared/subgraph';

/**
 * The rows of transaction exports, read through the subgraphs' own list queries (the rows the REST
 * lists answer): listTransactions for EVM exports, listLatestPrimaryNetworkTransactions for the
 * primary network's.
 * @param deps the process's subgraph dependencies
 * @returns the export worker's source
 * @example createExportWorker({ db, source: transactionExportSource(deps), options })
 */
export function transactionExportSource(deps: SubgraphDeps): ExportSource {
  return (request) => (request.kind === 'evm' ? evmExportRows(deps, request) : primaryNetworkExportRows(deps, request));
}
