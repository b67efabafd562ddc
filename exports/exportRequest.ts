// The checked request of an export, as a job stores it and a worker builds it.

/** The official OperationType of a transaction export. */
export const exportOperationTypes = [
  'TRANSACTION_EXPORT_PRIMARY_NETWORK',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
  'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
  'TRANSACTION_EXPORT_EVM',
] as const;
export type ExportOperationType = (typeof exportOperationTypes)[number];

/** The days an export covers (UTC, YYYY-MM-DD, both inclusive); no first day: from genesis. */
export type ExportDays = { firstDate?: string; lastDate: string };

/** An EVM export: the transactions of `addresses` on each chain of `chainIds`. */
export type EvmExportRequest = ExportDays & {
  kind: 'evm';
  /** EVM chain IDs as decimal text, each once, in request order. */
  chainIds: string[];
  /** Lower-case 0x addresses, each once. */
  addresses: string[];
};

/** A primary-network export: the transactions of `addresses` on each of `chains` of `network`. */
export type PrimaryNetworkExportRequest = ExportDays & {
  kind: 'primary-network';
  network: 'mainnet' | 'fuji';
  chains: Array<'p-chain' | 'x-chain' | 'c-chain'>;
  /** Bech32 addresses of the network without a chain prefix, each once. */
  addresses: string[];
  /** Lower-case 0x addresses whose C-Chain atomic transactions to export, each once. */
  cChainEvmAddresses: string[];
  /** TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING: the P-Chain's staking transactions only. */
  stakingOnly: boolean;
};

/** What a job builds. */
export type ExportRequest = EvmExportRequest | PrimaryNetworkExportRequest;

/** The first instant of a day, Unix seconds. */
export function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

/** The UTC day of an instant given in Unix seconds, YYYY-MM-DD. */
export function dayOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The day after `date`, YYYY-MM-DD. */
export function dayAfter(date: string): string {
  return dayOf(dayStart(date) + 86_400);
}
