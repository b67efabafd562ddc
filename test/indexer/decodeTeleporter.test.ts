// Teleporter (ICM) events as the indexer reads them, from logs the demo generator encodes
// independently (demo-data/evm/events.ts): a send names the destination chain, a delivery the source.
import { cb58Encode } from '../../avalanche/cb58';
import { toHex } from '../../avalanche/bytes';
import { teleporterReceiveLog, teleporterSendLogs } from '../../demo-data/evm/events';
import { decodeTeleporter } from '../../indexer/evm/decode/decodeTeleporter';
import { SEND_WARP_MESSAGE_TOPIC } from '../../indexer/evm/decode/eventTopics';
import type { RpcLog } from '../../indexer/evm/rpc/types';

const source = new Uint8Array(32).fill(7);
const destination = new Uint8Array(32).fill(9);
const id = `0x${'ab'.repeat(32)}`;
const txHash = `0x${'cd'.repeat(32)}`;
const fields = {
  nonce: 5n,
  originSender: `0x${'11'.repeat(20)}`,
  destinationBlockchainId: destination,
  destinationAddress: `0x${'22'.repeat(20)}`,
  requiredGasLimit: 100_000n,
  message: new Uint8Array([1, 2, 3]),
};
const asRpc = (log: { address: string; topics: string[]; data: Uint8Array }): RpcLog => ({
  address: log.address,
  topics: log.topics,
  data: `0x${toHex(log.data)}`,
  logIndex: '0x0',
  transactionIndex: '0x0',
  transactionHash: txHash,
});

describe('decodeTeleporter', () => {
  test('SendCrossChainMessage: the message leaves this chain for the destination of topic 2; the SendWarpMessage beside it is a plain log', () => {
    const [warp, send] = teleporterSendLogs(id, 1, source, fields);
    expect(decodeTeleporter(cb58Encode(source), asRpc(send))).toEqual({
      direction: 'send',
      messageId: id,
      sourceBlockchainId: cb58Encode(source),
      destinationBlockchainId: cb58Encode(destination),
      txHash,
    });
    expect(warp.topics[0]).toBe(SEND_WARP_MESSAGE_TOPIC);
    expect(decodeTeleporter(cb58Encode(source), asRpc(warp))).toBeNull();
  });

  test('ReceiveCrossChainMessage: delivered on this chain from the source of topic 2', () => {
    const receive = teleporterReceiveLog(id, source, `0x${'33'.repeat(20)}`, fields);
    expect(decodeTeleporter(cb58Encode(destination), asRpc(receive))).toEqual({
      direction: 'receive',
      messageId: id,
      sourceBlockchainId: cb58Encode(source),
      destinationBlockchainId: cb58Encode(destination),
      txHash,
    });
  });
});
