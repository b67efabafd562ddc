// The demo's EVM logs are real events: every token transfer has its log (decoded by viem with the
// standards' ABIs), and Teleporter's two sides carry the same message (Warp messages hash to their IDs).
import {
  decodeAbiParameters,
  decodeEventLog,
  encodeAbiParameters,
  keccak256,
  parseAbi,
  parseAbiParameters,
  sha256,
  type Hex,
} from 'viem';
import { cb58Decode } from '../../avalanche/cb58';
import type { Database } from '../../prisma/database';
import { parseUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { parseWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../setup/seededDatabase';
import { evmLogRows } from '../support/evmLogRows';
import { BTCB_ADDRESS } from '../../metrics';

let db: Database;
const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as Hex;
const MESSENGER = '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf';
const WARP = '0x0200000000000000000000000000000000000005';
const ERC20 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
const ERC721 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);
const ERC1155 = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);
const TELEPORTER = parseAbi([
  'struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }',
  'struct TeleporterMessage { uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress; uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message; }',
  'struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }',
  'event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo)',
  'event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage message)',
  'event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID)',
  'event MessageExecutionFailed(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, TeleporterMessage message)',
  'event ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, TeleporterFeeInfo feeInfo)',
]);
const WARP_ABI = parseAbi([
  'event SendWarpMessage(address indexed sourceAddress, bytes32 indexed unsignedMessageID, bytes message)',
]);

const logsOf = (chainId: bigint, where: string, params: unknown[]) => evmLogRows(db, chainId, where, params);

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(() => teardownSeeded(db));

describe('demo EVM logs are real events', () => {
  test('every token transfer has its log: ERC-20/721 Transfer, ERC-1155 TransferSingle/TransferBatch, decoded by viem', async () => {
    const rows = await db.query<any>(
      `SELECT t.erc_type::text, t.from_address, t.to_address, t.value::text, t.token_id::text, t.batch_index, t.token_address, l.address, l.data,
              array_remove(ARRAY[l.topic0, l.topic1, l.topic2, l.topic3], NULL) AS topics, x.from_address AS sender
       FROM evm_token_transfer t
       JOIN evm_log l ON l.chain_id = t.chain_id AND l.block_number = t.block_number AND l.log_index = t.log_index
       JOIN evm_transaction x ON x.chain_id = t.chain_id AND x.tx_hash = t.tx_hash`,
    );
    expect(rows.length).toBe(Number((await db.query<any>('SELECT count(*) AS n FROM evm_token_transfer'))[0].n));
    for (const row of rows) {
      expect(row.address).toBe(row.token_address);
      const abi = row.erc_type === 'ERC-20' ? ERC20 : row.erc_type === 'ERC-721' ? ERC721 : ERC1155;
      const event: any = decodeEventLog({ abi, data: row.data as Hex, topics: row.topics });
      const args = event.args;
      expect([args.from.toLowerCase(), args.to.toLowerCase()]).toEqual([row.from_address, row.to_address]);
      if (row.erc_type === 'ERC-20') expect(args.value).toBe(BigInt(row.value));
      if (row.erc_type === 'ERC-721') expect(args.tokenId).toBe(BigInt(row.token_id));
      if (event.eventName === 'TransferSingle')
        expect([args.id, args.value, args.operator.toLowerCase()]).toEqual([
          BigInt(row.token_id),
          BigInt(row.value),
          row.sender,
        ]);
      if (event.eventName === 'TransferBatch')
        expect([args.ids[row.batch_index], args.values[row.batch_index]]).toEqual([
          BigInt(row.token_id),
          BigInt(row.value),
        ]);
    }
  });

  test("BTC.b: a mint's Mint event names its Transfers from the zero address (amount and fee), an unwrap's Unwrap its burn", async () => {
    const BRIDGE = parseAbi([
      'event Mint(address to, uint256 amount, address feeAddress, uint256 feeAmount, bytes32 originTxId, uint256 originOutputIndex)',
      'event Unwrap(uint256 amount, uint256 chainId)',
    ]);
    const zero = '0x0000000000000000000000000000000000000000';
    const logs = await db.query<any>(
      `SELECT tx_hash, data, array_remove(ARRAY[topic0, topic1, topic2, topic3], NULL) AS topics FROM evm_log
       WHERE chain_id = 43114 AND address = $1 AND topic0 <> $2`,
      [BTCB_ADDRESS, '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
    );
    const names = new Set<string>();
    for (const log of logs) {
      const event: any = decodeEventLog({ abi: BRIDGE, data: log.data as Hex, topics: log.topics });
      names.add(event.eventName);
      const moves = await db.query<{ from_address: string; to_address: string; value: string }>(
        `SELECT from_address, to_address, value::text AS value FROM evm_token_transfer
         WHERE chain_id = 43114 AND tx_hash = $1 ORDER BY log_index`,
        [log.tx_hash],
      );
      const expected =
        event.eventName === 'Mint'
          ? [
              { from_address: zero, to_address: event.args.to.toLowerCase(), value: String(event.args.amount) },
              ...(event.args.feeAmount > 0n
                ? [
                    {
                      from_address: zero,
                      to_address: event.args.feeAddress.toLowerCase(),
                      value: String(event.args.feeAmount),
                    },
                  ]
                : []),
            ]
          : [{ from_address: moves[0]!.from_address, to_address: zero, value: String(event.args.amount) }];
      expect(moves).toEqual(expected);
    }
    expect([...names].sort()).toEqual(['Mint', 'Unwrap']);
  });

  test("Teleporter: the source's SendCrossChainMessage and SendWarpMessage and the destination's ReceiveCrossChainMessage carry one message", async () => {
    const messages = await db.query<any>(
      `SELECT m.teleporter_message_id AS id, m.source_tx_hash, m.destination_tx_hash, s.chain_id AS source_chain, d.chain_id AS destination_chain,
              m.source_blockchain_id, m.destination_blockchain_id
       FROM teleporter_message m JOIN evm_chain s ON s.blockchain_id = m.source_blockchain_id JOIN evm_chain d ON d.blockchain_id = m.destination_blockchain_id`,
    );
    expect(messages.length).toBeGreaterThan(5);
    let delivered = 0;
    for (const m of messages) {
      const sent = await logsOf(m.source_chain, 'tx_hash = $2 AND address IN ($3, $4)', [
        m.source_tx_hash,
        MESSENGER,
        WARP,
      ]);
      const warpLog = sent.find((l) => l.address === WARP)!;
      const sendLog = sent.find((l) => l.address === MESSENGER)!;
      // The messenger emits SendCrossChainMessage, then calls the Warp precompile.
      expect(sendLog.log_index + 1).toBe(warpLog.log_index);
      const warp: any = decodeEventLog({ abi: WARP_ABI, data: warpLog.data as Hex, topics: warpLog.topics as [Hex] });
      const send_: any = decodeEventLog({
        abi: TELEPORTER,
        data: sendLog.data as Hex,
        topics: sendLog.topics as [Hex],
      });
      expect(send_.eventName).toBe('SendCrossChainMessage');
      expect(send_.args.messageID).toBe(m.id);
      // The Warp message: ID = sha256 of its bytes, from the source chain, an AddressedCall of the messenger holding abi.encode(message).
      expect(warp.args.unsignedMessageID).toBe(sha256(warp.args.message));
      expect(warp.args.sourceAddress.toLowerCase()).toBe(MESSENGER);
      const unsigned = parseUnsignedMessage(Buffer.from(warp.args.message.slice(2), 'hex'));
      const payload = parseWarpPayload(unsigned.payload);
      expect(payload.kind).toBe('addressedCall');
      if (payload.kind !== 'addressedCall') continue;
      expect(hex(payload.sourceAddress)).toBe(MESSENGER);
      const [inner] = decodeAbiParameters(
        parseAbiParameters(
          '(uint256 messageNonce, address originSenderAddress, bytes32 destinationBlockchainID, address destinationAddress, uint256 requiredGasLimit, address[] allowedRelayerAddresses, (uint256 receivedMessageNonce, address relayerRewardAddress)[] receipts, bytes message)',
        ),
        hex(payload.payload),
      );
      expect(inner).toEqual(send_.args.message);
      // The message ID is Teleporter's: keccak(abi.encode(messenger, source, destination, nonce)).
      expect(inner.destinationBlockchainID).toBe(hex(cb58Decode(m.destination_blockchain_id)));
      const id = keccak256(
        encodeAbiParameters(parseAbiParameters('address, bytes32, bytes32, uint256'), [
          MESSENGER,
          hex(cb58Decode(m.source_blockchain_id)),
          inner.destinationBlockchainID,
          inner.messageNonce,
        ]),
      );
      expect(id).toBe(m.id);
      if (!m.destination_tx_hash) continue;
      const received = await logsOf(m.destination_chain, 'tx_hash = $2 AND address = $3', [
        m.destination_tx_hash,
        MESSENGER,
      ]);
      const events: any[] = received.map((l) =>
        decodeEventLog({ abi: TELEPORTER, data: l.data as Hex, topics: l.topics as [Hex] }),
      );
      // Receipts the message carries are marked first (ReceiptReceived), then the delivery, then its execution.
      const at = events.findIndex((e) => e.eventName === 'ReceiveCrossChainMessage');
      expect(events.slice(0, at).every((e) => e.eventName === 'ReceiptReceived')).toBe(true);
      expect(at).toBe(events.length - 2);
      const receive = events[at];
      expect(receive.args.messageID).toBe(m.id);
      expect(receive.args.message).toEqual(send_.args.message);
      expect(['MessageExecuted', 'MessageExecutionFailed']).toContain(events.at(-1).eventName);
      expect(events.at(-1).args.messageID).toBe(m.id);
      delivered++;
    }
    expect(delivered).toBeGreaterThan(0);
  });
});
