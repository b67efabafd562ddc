// Teleporter (ICM) events as the indexer reads them, from logs encoded independently: viem's ABI
// encoder with the messenger's event ABI (fees, receipts and a payload the demo never sends), and
// the demo generator's own encoder. Then what one block's events write (teleporterWrites).
import type { Hex } from 'viem';
import { cb58Encode } from '../../avalanche/cb58';
import { toHex } from '../../avalanche/bytes';
import {
  messageExecutionFailed,
  receiptReceived,
  teleporterReceiveLog,
  teleporterSendLogs,
} from '../../demo-data/evm/icmEvents';
import { decodeTeleporter } from '../../domain/teleporterEvents';
import { teleporterWrites } from '../../domain/teleporterWrites';
import { SEND_WARP_MESSAGE_TOPIC } from '../../indexer/evm/decode/eventTopics';
import { MESSENGER as messenger, teleporterLogs } from '../support/teleporterLogs';

const source = new Uint8Array(32).fill(7);
const destination = new Uint8Array(32).fill(9);
const sourceHex = `0x${toHex(source)}` as Hex;
const destinationHex = `0x${toHex(destination)}` as Hex;
const id = `0x${'ab'.repeat(32)}` as Hex;
const txHash = `0x${'cd'.repeat(32)}`;
const sender = `0x${'11'.repeat(20)}` as Hex;
const recipient = `0x${'22'.repeat(20)}` as Hex;
const relayer = `0x${'33'.repeat(20)}` as Hex;
const redeemer = `0x${'44'.repeat(20)}` as Hex;
const feeToken = `0x${'55'.repeat(20)}` as Hex;
const message = {
  messageNonce: 12n,
  originSenderAddress: sender,
  destinationBlockchainID: destinationHex,
  destinationAddress: recipient,
  requiredGasLimit: 250_000n,
  allowedRelayerAddresses: [relayer],
  receipts: [
    { receivedMessageNonce: 3n, relayerRewardAddress: `0x${'66'.repeat(20)}` as Hex },
    { receivedMessageNonce: 4n, relayerRewardAddress: `0x${'77'.repeat(20)}` as Hex },
  ],
  message: '0xdeadbeef0102' as Hex,
};
const body = {
  messageNonce: '12',
  originSenderAddress: sender,
  destinationAddress: recipient,
  requiredGasLimit: '250000',
  receipts: [
    { receivedMessageNonce: '3', relayerRewardAddress: `0x${'66'.repeat(20)}` },
    { receivedMessageNonce: '4', relayerRewardAddress: `0x${'77'.repeat(20)}` },
  ],
  message: '0xdeadbeef0102',
};

const logs = teleporterLogs(id, sourceHex, destinationHex, message);
const fee = { token: feeToken, amount: 5_000n };
const sendLog = logs.send(txHash, fee);
const receiveLog = logs.receive(txHash, relayer, redeemer);
const executedLog = logs.executed(txHash);
const failedLog = logs.executionFailed(txHash);
const receiptLog = logs.receipt(txHash, relayer, fee);

const S = cb58Encode(source);
const D = cb58Encode(destination);
const onSource = { messageId: id, sourceBlockchainId: S, destinationBlockchainId: D, txHash, contract: messenger };

describe('decodeTeleporter', () => {
  test('SendCrossChainMessage: the message, its fee and the destination of topic 2, leaving this chain', () => {
    expect(decodeTeleporter(S, sendLog)).toEqual({
      ...onSource,
      kind: 'send',
      body,
      feeTokenAddress: feeToken,
      feeAmount: '5000',
    });
  });

  test('ReceiveCrossChainMessage: delivered on this chain from the source of topic 2, by the deliverer of topic 3', () => {
    expect(decodeTeleporter(D, receiveLog)).toEqual({
      ...onSource,
      kind: 'receive',
      body,
      deliverer: relayer,
      rewardRedeemer: redeemer,
    });
  });

  test('MessageExecuted, MessageExecutionFailed (destination) and ReceiptReceived (source)', () => {
    expect(decodeTeleporter(D, executedLog)).toEqual({ ...onSource, kind: 'executed' });
    expect(decodeTeleporter(D, failedLog)).toEqual({ ...onSource, kind: 'executionFailed' });
    expect(decodeTeleporter(S, receiptLog)).toEqual({ ...onSource, kind: 'receipt', relayerRewardAddress: relayer });
  });

  test('the demo generator’s send and receive logs decode to the message it encoded; SendWarpMessage is no Teleporter event', () => {
    const fields = {
      nonce: 5n,
      originSender: sender,
      destinationBlockchainId: destination,
      destinationAddress: recipient,
      requiredGasLimit: 100_000n,
      message: new Uint8Array([1, 2, 3]),
    };
    const asLog = (l: { address: string; topics: string[]; data: Uint8Array }) => ({
      address: l.address,
      topics: l.topics,
      data: `0x${toHex(l.data)}`,
      transactionHash: txHash,
    });
    const [send, warp] = teleporterSendLogs(id, 1, source, fields);
    expect(warp.topics[0]).toBe(SEND_WARP_MESSAGE_TOPIC);
    expect(decodeTeleporter(S, asLog(warp))).toBeNull();
    const demoBody = {
      messageNonce: '5',
      originSenderAddress: sender,
      destinationAddress: recipient,
      requiredGasLimit: '100000',
      receipts: [],
      message: '0x010203',
    };
    expect(decodeTeleporter(S, asLog(send))).toMatchObject({ kind: 'send', body: demoBody, feeAmount: '0' });
    expect(decodeTeleporter(D, asLog(teleporterReceiveLog(id, source, relayer, fields)))).toMatchObject({
      kind: 'receive',
      body: demoBody,
      deliverer: relayer,
    });
  });

  test('the demo generator encodes a fee, receipts, a failed execution and a receipt coming back as viem does', () => {
    const anyRelayer = { ...message, allowedRelayerAddresses: [] };
    const expected = teleporterLogs(id, sourceHex, destinationHex, anyRelayer);
    const fields = {
      nonce: 12n,
      originSender: sender,
      destinationBlockchainId: destination,
      destinationAddress: recipient,
      requiredGasLimit: 250_000n,
      receipts: message.receipts,
      message: new Uint8Array([0xde, 0xad, 0xbe, 0xef, 1, 2]),
    };
    const asLog = (l: { address: string; topics: string[]; data: Uint8Array }) => ({
      address: l.address,
      topics: l.topics,
      data: `0x${toHex(l.data)}`,
      transactionHash: txHash,
    });
    const [send] = teleporterSendLogs(id, 1, source, fields, fee);
    expect(asLog(send)).toEqual(expected.send(txHash, fee));
    expect(asLog(messageExecutionFailed(id, source, fields))).toEqual(expected.executionFailed(txHash));
    expect(asLog(receiptReceived(id, destination, relayer, fee))).toEqual(expected.receipt(txHash, relayer, fee));
  });

  test('a log whose data does not decode is no event', () => {
    expect(decodeTeleporter(S, { ...sendLog, data: '0x1234' })).toBeNull();
  });
});

describe('teleporterWrites', () => {
  const block = (number: bigint) => ({
    number,
    timestamp: 1_700_000_000n + number,
    network: 'MAINNET' as const,
    gasUsed: (hash: string) => (hash === txHash ? '123456' : null),
  });
  const messageColumns = {
    teleporterMessageId: id,
    sourceBlockchainId: S,
    destinationBlockchainId: D,
    network: 'MAINNET',
    icmContractAddress: messenger,
    messageNonce: '12',
    originSenderAddress: sender,
    destinationAddress: recipient,
    requiredGasLimit: '250000',
    messageData: '0xdeadbeef0102',
    receipts: body.receipts,
  };

  test('a send writes the message and its source side, ordered by the send’s block time', () => {
    const events = [decodeTeleporter(S, sendLog)!];
    expect(teleporterWrites(events, block(10n), () => false)).toEqual({
      upserts: [
        {
          ...messageColumns,
          sourceTxHash: txHash,
          timestamp: 1_700_000_010n,
          sourceBlockNumber: 10n,
          sourceTimestamp: 1_700_000_010n,
          sourceGasUsed: '123456',
          feeTokenAddress: feeToken,
          feeAmount: '5000',
        },
      ],
      updates: [],
    });
  });

  test('a delivery with its execution writes the destination side only when the send is known; before it, it orders the message', () => {
    const events = [decodeTeleporter(D, executedLog)!, decodeTeleporter(D, receiveLog)!];
    const destinationSide = {
      ...messageColumns,
      destinationTxHash: txHash,
      destinationBlockNumber: 20n,
      destinationTimestamp: 1_700_000_020n,
      destinationGasUsed: '123456',
      delivererAddress: relayer,
      rewardRedeemer: redeemer,
      executionFailed: false,
      executionTxHash: txHash,
      executionBlockNumber: 20n,
    };
    expect(teleporterWrites(events, block(20n), () => true)).toEqual({ upserts: [destinationSide], updates: [] });
    expect(teleporterWrites(events, block(20n), () => false)).toEqual({
      upserts: [{ ...destinationSide, sourceTxHash: '0x', timestamp: 1_700_000_020n }],
      updates: [],
    });
  });

  test('a failed execution marks the delivery; a later retry and a receipt are updates of the stored message', () => {
    const failed = teleporterWrites(
      [decodeTeleporter(D, receiveLog)!, decodeTeleporter(D, failedLog)!],
      block(20n),
      () => true,
    );
    expect(failed.upserts[0]).toMatchObject({ executionFailed: true });
    expect(failed.upserts[0]!.executionTxHash).toBeUndefined();
    expect(teleporterWrites([decodeTeleporter(D, executedLog)!], block(30n), () => true)).toEqual({
      upserts: [],
      updates: [
        {
          model: 'TeleporterMessage',
          where: { teleporterMessageId: id },
          set: { executionTxHash: txHash, executionBlockNumber: 30n, executionFailed: false },
        },
      ],
    });
    expect(teleporterWrites([decodeTeleporter(S, receiptLog)!], block(40n), () => true).updates).toEqual([
      {
        model: 'TeleporterMessage',
        where: { teleporterMessageId: id },
        set: { receiptTxHash: txHash, receiptBlockNumber: 40n },
      },
    ]);
  });
});
