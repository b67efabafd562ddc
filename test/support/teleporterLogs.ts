// Teleporter event logs encoded with viem from the messenger's event ABI, independently of the
// indexer's decoder and of the demo generator's encoder.
import { encodeAbiParameters, encodeEventTopics, parseAbi, parseAbiParameters, type Hex } from 'viem';
import type { TeleporterLog } from '../../domain/teleporterEvents';

/** The TeleporterMessenger's events. */
export const TELEPORTER_ABI = parseAbi([
  'struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }',
  'struct TeleporterMessage { uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress; uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message; }',
  'struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }',
  'event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo)',
  'event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage message)',
  'event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID)',
  'event MessageExecutionFailed(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, TeleporterMessage message)',
  'event ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, TeleporterFeeInfo feeInfo)',
]);
const MESSAGE = parseAbiParameters(
  '(uint256 messageNonce, address originSenderAddress, bytes32 destinationBlockchainID, address destinationAddress, uint256 requiredGasLimit, address[] allowedRelayerAddresses, (uint256 receivedMessageNonce, address relayerRewardAddress)[] receipts, bytes message)',
)[0];
const FEE = { type: 'tuple', components: [{ type: 'address' }, { type: 'uint256' }] } as const;

/** A TeleporterMessage as viem encodes it. */
export type TeleporterMessageValue = {
  messageNonce: bigint;
  originSenderAddress: Hex;
  destinationBlockchainID: Hex;
  destinationAddress: Hex;
  requiredGasLimit: bigint;
  allowedRelayerAddresses: Hex[];
  receipts: { receivedMessageNonce: bigint; relayerRewardAddress: Hex }[];
  message: Hex;
};

/** The messenger's deployed address on Avalanche chains. */
export const MESSENGER = '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf';

const log = (topics: readonly unknown[], data: Hex, txHash: string): TeleporterLog => ({
  address: MESSENGER,
  topics: topics as string[],
  data,
  transactionHash: txHash,
});

/** Builders of each event's log, for one message. */
export function teleporterLogs(id: Hex, source: Hex, destination: Hex, message: TeleporterMessageValue) {
  return {
    send: (txHash: string, fee: { token: Hex; amount: bigint }) =>
      log(
        encodeEventTopics({
          abi: TELEPORTER_ABI,
          eventName: 'SendCrossChainMessage',
          args: { messageID: id, destinationBlockchainID: destination },
        }),
        encodeAbiParameters([MESSAGE, FEE], [message, [fee.token, fee.amount]]),
        txHash,
      ),
    receive: (txHash: string, deliverer: Hex, rewardRedeemer: Hex) =>
      log(
        encodeEventTopics({
          abi: TELEPORTER_ABI,
          eventName: 'ReceiveCrossChainMessage',
          args: { messageID: id, sourceBlockchainID: source, deliverer },
        }),
        encodeAbiParameters([{ type: 'address' }, MESSAGE], [rewardRedeemer, message]),
        txHash,
      ),
    executed: (txHash: string) =>
      log(
        encodeEventTopics({
          abi: TELEPORTER_ABI,
          eventName: 'MessageExecuted',
          args: { messageID: id, sourceBlockchainID: source },
        }),
        '0x',
        txHash,
      ),
    executionFailed: (txHash: string) =>
      log(
        encodeEventTopics({
          abi: TELEPORTER_ABI,
          eventName: 'MessageExecutionFailed',
          args: { messageID: id, sourceBlockchainID: source },
        }),
        encodeAbiParameters([MESSAGE], [message]),
        txHash,
      ),
    receipt: (txHash: string, relayerRewardAddress: Hex, fee: { token: Hex; amount: bigint }) =>
      log(
        encodeEventTopics({
          abi: TELEPORTER_ABI,
          eventName: 'ReceiptReceived',
          args: { messageID: id, destinationBlockchainID: destination, relayerRewardAddress },
        }),
        encodeAbiParameters([FEE], [[fee.token, fee.amount]]),
        txHash,
      ),
  };
}
