import type { TeleporterMessage } from '../../../prisma/rows';
import { defaultErc20Decimals } from './erc20Token';
import type { AnyIcmMessage, IcmReceipt } from '../types/icmMessage.type';

/** A teleporter_message row with what the lists join to it: the chains' EVM chain IDs, the fee token's metadata. */
export type IcmMessageRow = TeleporterMessage & {
  sourceEvmChainId: bigint | null;
  destinationEvmChainId: bigint | null;
  feeToken: { name: string | null; symbol: string | null; decimals: number | null; logoUri: string | null } | null;
};

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const text = (value: { toString(): string } | null | undefined) => (value == null ? '' : value.toString());

/**
 * An ICM message in the variant of its status: pending until its delivery is indexed; delivered,
 * or delivered_source_not_indexed when the send is not (its chain is not indexed, or not that far).
 * @param row the message and its joined members
 * @returns the answer
 * @example formatIcmMessage(row).status // 'delivered'
 */
export function formatIcmMessage(row: IcmMessageRow): AnyIcmMessage {
  const common = {
    messageId: row.teleporterMessageId.replace(/^0x/, ''),
    icmContractAddress: row.icmContractAddress ?? '',
    sourceBlockchainId: row.sourceBlockchainId,
    destinationBlockchainId: row.destinationBlockchainId,
    sourceEvmChainId: text(row.sourceEvmChainId),
    destinationEvmChainId: text(row.destinationEvmChainId),
    messageNonce: text(row.messageNonce),
    from: row.originSenderAddress ?? '',
    to: row.destinationAddress ?? '',
    data: row.messageData ?? undefined,
    messageExecuted: row.executionTxHash !== null,
    receipts: (row.receipts as IcmReceipt[] | null) ?? [],
    receiptDelivered: row.receiptTxHash !== null,
    rewardDetails: {
      address: row.feeTokenAddress ?? ZERO_ADDRESS,
      name: row.feeToken?.name ?? '',
      symbol: row.feeToken?.symbol ?? '',
      decimals: row.feeToken?.decimals ?? defaultErc20Decimals,
      logoUri: row.feeToken?.logoUri || undefined,
      ercType: 'ERC-20',
      value: text(row.feeAmount ?? 0),
    },
  };
  const sourceTransaction = () => ({
    txHash: row.sourceTxHash,
    timestamp: Number(row.sourceTimestamp ?? row.timestamp),
    gasSpent: text(row.sourceGasUsed ?? 0),
  });
  const destinationTransaction = () => ({
    txHash: row.destinationTxHash!,
    timestamp: Number(row.destinationTimestamp ?? 0),
    gasSpent: text(row.destinationGasUsed ?? 0),
    rewardRedeemer: row.rewardRedeemer ?? '',
    delivererAddress: row.delivererAddress ?? '',
  });
  if (row.destinationTxHash === null) return { ...common, status: 'pending', sourceTransaction: sourceTransaction() };
  if (row.sourceTxHash === '0x')
    return { ...common, status: 'delivered_source_not_indexed', destinationTransaction: destinationTransaction() };
  return {
    ...common,
    status: 'delivered',
    sourceTransaction: sourceTransaction(),
    destinationTransaction: destinationTransaction(),
  };
}
