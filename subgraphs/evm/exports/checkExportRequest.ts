// postTransactionExportJob's rules: the request's members checked and normalized into what a job
// stores (exports/exportRequest.ts). Each broken rule is a 400 naming the member.
import { parseEvmAddress } from '../../../avalanche/parseEvmAddress';
import { PUBLIC_NETWORKS, type PrimaryChainName } from '../../../avalanche/networks';
import { parsePrimaryAddress } from '../../../avalanche/parsePrimaryAddress';
import type { ExportDays, ExportOperationType, ExportRequest } from '../../../exports/exportRequest';
import { dayOf, dayStart } from '../../../exports/exportRequest';
import type { PrismaClient } from '../../../prisma/generated/client';
import { BadRequestError } from '../../shared/errors';
import { TransactionExportType, type PostTransactionExportJobArgs } from '../types/transactionExport.args';

/** Addresses one export covers at most. */
export const maxExportAddresses = 64;
/** Chains one export covers at most. */
export const maxExportChains = 16;

/** The checked request and its official type. */
export type CheckedExportRequest = { operationType: ExportOperationType; request: ExportRequest };

/**
 * Checks and normalizes an export request.
 * @param prisma reads which EVM chains are indexed
 * @param args the request
 * @param now the request's instant: the default last day is its UTC day
 * @returns the request a job stores
 * @throws BadRequestError naming the member that breaks a rule
 * @example await checkExportRequest(prisma, { type: 'TRANSACTION_EXPORT_EVM', options: { addresses, includeChains: ['43114'] } }, new Date())
 */
export async function checkExportRequest(
  prisma: PrismaClient,
  args: PostTransactionExportJobArgs,
  now: Date,
): Promise<CheckedExportRequest> {
  const days = checkDays(args, now);
  const { options } = args;
  if (options.includeChains.length === 0)
    throw new BadRequestError('body field options.includeChains must not be empty');
  if (options.includeChains.length > maxExportChains)
    throw new BadRequestError(`body field options.includeChains lists at most ${maxExportChains} chains`);
  if (args.type === TransactionExportType.TRANSACTION_EXPORT_EVM) {
    if (options.cChainEvmAddresses !== undefined && options.cChainEvmAddresses !== null)
      throw new BadRequestError(
        'body field options.cChainEvmAddresses is not a member of TRANSACTION_EXPORT_EVM requests (list EVM addresses in options.addresses)',
      );
    const addresses = unique(listed('options.addresses', options.addresses ?? [], parseEvmAddress));
    if (addresses.length === 0)
      throw new BadRequestError('body field options.addresses must list at least one address');
    const chainIds = unique(options.includeChains.map((chain) => evmChainIdOf(chain)));
    const indexed = await prisma.evmChain.findMany({
      where: { chainId: { in: chainIds.map(BigInt) } },
      select: { chainId: true },
    });
    const known = new Set(indexed.map((chain) => chain.chainId.toString()));
    const unknown = chainIds.find((chainId) => !known.has(chainId));
    if (unknown !== undefined)
      throw new BadRequestError(
        `body field options.includeChains: ${unknown} is not an EVM chain this service indexes`,
      );
    return { operationType: args.type, request: { kind: 'evm', chainIds, addresses, ...days } };
  }
  const bech32 = listed('options.addresses', options.addresses ?? [], parsePrimaryAddress);
  const cChainEvmAddresses = unique(
    listed('options.cChainEvmAddresses', options.cChainEvmAddresses ?? [], parseEvmAddress),
  );
  if (bech32.length + cChainEvmAddresses.length === 0)
    throw new BadRequestError('body field options.addresses must list at least one address');
  const named = options.includeChains.map(primaryChainOf);
  const networks = new Set([
    ...bech32.map((item) => networkOfHrp(item.hrp, item.address)),
    ...named.flatMap((chain) => (chain.network ? [chain.network] : [])),
  ]);
  if (networks.size > 1)
    throw new BadRequestError('body fields options.addresses and options.includeChains must all be of one network');
  const network = networks.has('fuji') ? 'fuji' : 'mainnet';
  const chains = unique(named.map((chain) => chain.name));
  const stakingOnly = args.type === TransactionExportType.TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING;
  if (stakingOnly && chains.some((chain) => chain !== 'p-chain'))
    throw new BadRequestError(
      'body field options.includeChains: staking transactions are on the P-Chain only (p-chain)',
    );
  return {
    operationType: args.type,
    request: {
      kind: 'primary-network',
      network,
      chains,
      addresses: unique(bech32.map((item) => item.address)),
      cChainEvmAddresses,
      stakingOnly,
      ...days,
    },
  };
}

/** The request's days: firstDate (or startDate) to lastDate (or endDate), both inclusive. */
function checkDays(args: PostTransactionExportJobArgs, now: Date): ExportDays {
  const first = oneOf('firstDate', args.firstDate, 'startDate', args.startDate);
  const last = oneOf('lastDate', args.lastDate, 'endDate', args.endDate) ?? dayOf(Math.floor(now.getTime() / 1000));
  if (first !== undefined && first > last)
    throw new BadRequestError(`body field firstDate (${first}) must not be after lastDate (${last})`);
  return first === undefined ? { lastDate: last } : { firstDate: first, lastDate: last };
}

/** A date given by its member or its deprecated alias, checked to be a day (YYYY-MM-DD). */
function oneOf(name: string, value: string | undefined, alias: string, aliasValue: string | undefined) {
  if (value != null && aliasValue != null)
    throw new BadRequestError(`body fields ${name} and ${alias} (deprecated) are the same: give one`);
  const [member, date] = value != null ? [name, value] : [alias, aliasValue];
  if (date == null) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || dayOf(dayStart(date)) !== date || Number.isNaN(dayStart(date)))
    throw new BadRequestError(`body field ${member} must be a day, YYYY-MM-DD (${JSON.stringify(date)} is not)`);
  return date;
}

/** The items of a list member, parsed, at most {@link maxExportAddresses}. */
function listed<T>(member: string, items: readonly string[], parse: (item: string) => T): T[] {
  if (items.length > maxExportAddresses)
    throw new BadRequestError(`body field ${member} lists at most ${maxExportAddresses} addresses`);
  return items.map((item) => {
    try {
      return parse(item);
    } catch (error) {
      throw new BadRequestError(`body field ${member} item ${JSON.stringify(item)}: ${(error as Error).message}`);
    }
  });
}

function evmChainIdOf(chain: string): string {
  if (!/^[1-9][0-9]{0,18}$/.test(chain) || BigInt(chain) > 2n ** 63n - 1n)
    throw new BadRequestError(
      `body field options.includeChains item ${JSON.stringify(chain)} must be an EVM chain ID (a positive integer)`,
    );
  return chain;
}

/** A primary-network chain by name or blockchain ID, with the network an ID names (the P-Chain's names none). */
function primaryChainOf(chain: string): { name: PrimaryChainName; network?: 'mainnet' | 'fuji' } {
  if (chain === 'p-chain' || chain === 'x-chain' || chain === 'c-chain') return { name: chain };
  for (const [key, network] of Object.entries(PUBLIC_NETWORKS)) {
    for (const [name, id] of Object.entries(network.chains) as [PrimaryChainName, string][]) {
      if (id !== chain) continue;
      return name === 'p-chain' ? { name } : { name, network: key === 'FUJI' ? 'fuji' : 'mainnet' };
    }
  }
  throw new BadRequestError(
    `body field options.includeChains item ${JSON.stringify(chain)} must be p-chain, x-chain, c-chain or one of their blockchain IDs`,
  );
}

function networkOfHrp(hrp: string, address: string): 'mainnet' | 'fuji' {
  if (hrp === PUBLIC_NETWORKS.MAINNET.hrp) return 'mainnet';
  if (hrp === PUBLIC_NETWORKS.FUJI.hrp) return 'fuji';
  throw new BadRequestError(`body field options.addresses item ${address} is of no public network (avax1…, fuji1…)`);
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
