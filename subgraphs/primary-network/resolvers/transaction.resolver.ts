import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { readSql } from '../../../prisma/read/readSql';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import { defaultSortOrder, type SortOrder } from '../../shared/pageArgs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { addressesOfNetwork, EVM_ADDRESS_HRP, type PrimaryAddress } from '../../shared/params/primaryAddresses';
import { resolvePrimaryChain, type PrimaryChain } from '../../shared/params/primaryChain';
import type { PrimaryNetworkContext } from '../context';
import { formatChainInfo } from '../formatters/chainInfo';
import { formatTransactionPage } from '../loaders/transactionPage';
import {
  listPrimaryTransactionsSql,
  transactionByHashSql,
  transactionSortKeys,
  type TransactionFilter,
  type TransactionRow,
} from '../queries/listPrimaryTransactionsSql';
import {
  GetTxByHashArgs,
  ListAssetTransactionsArgs,
  ListPrimaryNetworkTransactionsArgs,
  ListStakingTransactionsArgs,
} from '../types/transaction.args';
import {
  ListPChainTransactionsResponse,
  ListPrimaryNetworkTransactionsResponse,
  ListXChainTransactionsResponse,
  PrimaryNetworkTransaction,
  type PChainTransaction,
  type XChainTransaction,
} from '../types/transaction.type';
import type { CChainAtomicTransaction } from '../types/cChainTransaction.type';

function checkTimeRange(args: { startTimestamp?: number; endTimestamp?: number }): void {
  if (args.startTimestamp !== undefined && args.endTimestamp !== undefined && args.startTimestamp > args.endTimestamp)
    throw new BadRequestError('startTimestamp must not be after endTimestamp');
}

/**
 * The stored form of the `addresses` of a transaction list: bech32 addresses of the network, and on
 * the C-Chain 0x addresses (the accounts its atomic transactions credit or debit).
 */
function listAddresses(chain: PrimaryChain, addresses: readonly PrimaryAddress[]): string[] {
  const evm = addresses.filter((a) => a.hrp === EVM_ADDRESS_HRP);
  if (evm.length > 0 && chain.chainName !== 'c-chain')
    throw new BadRequestError(
      `0x addresses name C-Chain accounts: ${evm[0]!.address} is only accepted with blockchainId c-chain`,
    );
  return [
    ...addressesOfNetwork(
      chain.network,
      addresses.filter((a) => a.hrp !== EVM_ADDRESS_HRP),
    ),
    ...evm.map((a) => a.address),
  ];
}

@Resolver()
export class PrimaryNetworkTransactionResolver {
  @Query(() => PrimaryNetworkTransaction, {
    description:
      "A P- or X-Chain transaction, or one of the C-Chain's atomic transactions, by hash, in the shape of its chain, with the UTXOs it consumes and emits.",
  })
  async getTxByHash(
    @Args() args: GetTxByHashArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<PrimaryNetworkTransaction> {
    const chain = resolvePrimaryChain(toDbNetwork(args.network), args.blockchainId);
    const [row] = await readSql<TransactionRow>(
      context.read,
      transactionByHashSql(chain.network, chain.blockchainId, args.txHash),
    );
    if (!row) throw new NotFoundError(`no transaction ${args.txHash} on the ${chain.chainName} of ${args.network}`);
    const [tx] = await formatTransactionPage((sql) => readSql(context.read, sql), chain, [row]);
    return tx!;
  }

  @Query(() => ListPrimaryNetworkTransactionsResponse, {
    description:
      "Latest transactions of the P- or X-Chain, or the C-Chain's atomic transactions, newest first by default: of a set of addresses, of an L1 validation (P-Chain), or of the whole chain (then without txTypes or time range).",
  })
  async listLatestPrimaryNetworkTransactions(
    @Args() args: ListPrimaryNetworkTransactionsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListPrimaryNetworkTransactionsResponse> {
    const network = toDbNetwork(args.network);
    const chain = resolvePrimaryChain(network, args.blockchainId);
    checkTimeRange(args);
    const addresses = args.addresses?.length ? listAddresses(chain, args.addresses) : undefined;
    if (addresses && args.l1ValidationId !== undefined)
      throw new BadRequestError('give addresses or l1ValidationId, not both');
    if (args.l1ValidationId !== undefined && chain.chainName !== 'p-chain')
      throw new BadRequestError('l1ValidationId is only accepted on the P-Chain');
    const filtered = args.txTypes?.length || args.startTimestamp !== undefined || args.endTimestamp !== undefined;
    if (filtered && !addresses && args.l1ValidationId === undefined)
      throw new BadRequestError('txTypes, startTimestamp and endTimestamp need addresses or l1ValidationId');
    const filter: TransactionFilter = {
      network,
      blockchainId: chain.blockchainId,
      addresses,
      l1ValidationId: args.l1ValidationId,
      txTypes: args.txTypes,
      startTimestamp: args.startTimestamp,
      endTimestamp: args.endTimestamp,
    };
    return this.page(context, chain, 'primaryTransactions', args, args.sortOrder ?? defaultSortOrder, filter);
  }

  @Query(() => ListPChainTransactionsResponse, {
    description: 'P-Chain staking transactions whose stake is still locked (pending or active), of a set of addresses.',
  })
  async listActivePrimaryNetworkStakingTransactions(
    @Args() args: ListStakingTransactionsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListPChainTransactionsResponse> {
    const network = toDbNetwork(args.network);
    const chain = resolvePrimaryChain(network, args.blockchainId, ['p-chain']);
    checkTimeRange(args);
    const filter: TransactionFilter = {
      network,
      blockchainId: chain.blockchainId,
      addresses: args.addresses?.length ? addressesOfNetwork(network, args.addresses) : undefined,
      txTypes: args.txTypes,
      startTimestamp: args.startTimestamp,
      endTimestamp: args.endTimestamp,
      activeStakingAt: context.clock(),
    };
    return this.page(
      context,
      chain,
      'stakingTransactions',
      args,
      args.sortOrder ?? defaultSortOrder,
      filter,
    ) as Promise<ListPChainTransactionsResponse>;
  }

  @Query(() => ListXChainTransactionsResponse, {
    description: 'X-Chain transactions that consume or emit UTXOs of an asset, newest first.',
  })
  async listAssetTransactions(
    @Args() args: ListAssetTransactionsArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<ListXChainTransactionsResponse> {
    const network = toDbNetwork(args.network);
    const chain = resolvePrimaryChain(network, args.blockchainId, ['x-chain']);
    checkTimeRange(args);
    const filter: TransactionFilter = {
      network,
      blockchainId: chain.blockchainId,
      assetId: args.assetId,
      txTypes: args.txTypes,
      startTimestamp: args.startTimestamp,
      endTimestamp: args.endTimestamp,
    };
    return this.page(
      context,
      chain,
      'assetTransactions',
      args,
      defaultSortOrder,
      filter,
    ) as Promise<ListXChainTransactionsResponse>;
  }

  private async page(
    context: PrimaryNetworkContext,
    chain: PrimaryChain,
    list: 'primaryTransactions' | 'stakingTransactions' | 'assetTransactions',
    args: ListPrimaryNetworkTransactionsArgs | ListStakingTransactionsArgs | ListAssetTransactionsArgs,
    order: SortOrder,
    filter: TransactionFilter,
  ): Promise<ListPrimaryNetworkTransactionsResponse> {
    const page = await paginateSql(
      { list, args, signer: context.pageTokens, order, keys: transactionSortKeys },
      (keyset) => listPrimaryTransactionsSql(filter, keyset),
      (sql) => readSql<TransactionRow>(context.read, sql, KEEP_PLAN),
    );
    const transactions = await formatTransactionPage((sql) => readSql(context.read, sql), chain, page.items);
    const chainInfo = formatChainInfo(chain);
    if (chain.chainName === 'p-chain')
      return { nextPageToken: page.nextPageToken, transactions: transactions as PChainTransaction[], chainInfo };
    if (chain.chainName === 'c-chain')
      return { nextPageToken: page.nextPageToken, transactions: transactions as CChainAtomicTransaction[], chainInfo };
    return { nextPageToken: page.nextPageToken, transactions: transactions as XChainTransaction[], chainInfo };
  }
}
