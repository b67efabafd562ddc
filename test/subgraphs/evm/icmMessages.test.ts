// The Interchain Messaging operations on the demo data set: getIcmMessage, listIcmMessages and
// listIcmMessagesByAddress. Expected messages are rebuilt from the stored Teleporter logs with
// viem's ABI decoder (not the indexer's), joined to their transactions, blocks and fee tokens'
// contracts by plain SQL. The demo's traffic has fees, receipts, failed and retried executions and
// pending messages; each has its own case.
import { decodeEventLog, type Hex } from 'viem';
import type { Database } from '../../../prisma/database';
import { cb58Encode } from '../../../avalanche/cb58';
import { DEMO_NOW } from '../../../demo-data/constants';
import { rewindEvmChain } from '../../../indexer/evm/follow/rewindEvmChain';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { TELEPORTER_ABI } from '../../support/teleporterLogs';
import { allPages } from './evmTestSupport';

let db: Database;
let service: TestService;

type LogRow = {
  chain_id: bigint;
  blockchain_id: string;
  block_number: bigint;
  tx_hash: string;
  address: string;
  topics: string[];
  data: string;
  timestamp: bigint;
  gas_used: string;
};

/** Every message as the official answer should show it, from the logs; newest first. */
let expected: any[];
let chainIds: Map<string, string>;
/** What the logs say beyond the answer, by message ID: executions (tx hashes), receipt transactions, the send's chain. */
const seen = new Map<string, { executed: string[]; failed: string[]; receiptTx?: string; sourceChainId?: bigint }>();

async function expectedMessages(): Promise<any[]> {
  const logs = await db.query<LogRow>(
    `SELECT l.chain_id, c.blockchain_id, l.block_number, l.tx_hash, l.address, l.data, b.timestamp, x.gas_used::text AS gas_used,
            array_remove(ARRAY[l.topic0, l.topic1, l.topic2, l.topic3], NULL) AS topics
       FROM evm_log l JOIN evm_chain c ON c.chain_id = l.chain_id
       JOIN evm_block b ON b.chain_id = l.chain_id AND b.number = l.block_number
       JOIN evm_transaction x ON x.chain_id = l.chain_id AND x.tx_hash = l.tx_hash
      WHERE l.address = '\\x253b2784c75e510dd0ff1da844684a1ac0aa5fcf'
      ORDER BY l.chain_id, l.block_number, l.log_index`,
  );
  const tokens = new Map(
    (
      await db.query<{
        chain_id: bigint;
        address: string;
        name: string;
        symbol: string;
        decimals: number;
        logo_uri: string;
      }>(`SELECT chain_id, address, name, symbol, decimals, logo_uri FROM evm_contract WHERE erc_type = 'ERC-20'`)
    ).map((t) => [`${t.chain_id}|${t.address}`, t]),
  );
  const messages = new Map<string, any>();
  const body = (m: any) => ({
    messageNonce: m.messageNonce.toString(),
    from: m.originSenderAddress.toLowerCase(),
    to: m.destinationAddress.toLowerCase(),
    data: m.message,
    receipts: m.receipts.map((r: any) => ({
      receivedMessageNonce: r.receivedMessageNonce.toString(),
      relayerRewardAddress: r.relayerRewardAddress.toLowerCase(),
    })),
  });
  for (const log of logs) {
    let event: any;
    try {
      event = decodeEventLog({
        abi: TELEPORTER_ABI,
        data: log.data as Hex,
        topics: log.topics as [Hex],
      });
    } catch {
      continue;
    }
    const id = event.args.messageID.slice(2);
    const m = messages.get(id) ?? {
      messageId: id,
      icmContractAddress: log.address,
      messageExecuted: false,
      receiptDelivered: false,
    };
    messages.set(id, m);
    const facts = seen.get(id) ?? { executed: [], failed: [] };
    seen.set(id, facts);
    if (event.eventName === 'SendCrossChainMessage') {
      facts.sourceChainId = log.chain_id;
      const token = tokens.get(`${log.chain_id}|${event.args.feeInfo.feeTokenAddress.toLowerCase()}`);
      m.feeToken = token && {
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        logoUri: token.logo_uri,
      };
      Object.assign(m, body(event.args.message), {
        sourceBlockchainId: log.blockchain_id,
        destinationBlockchainId: cb58Encode(Buffer.from(log.topics[2]!.slice(2), 'hex')),
        sourceTransaction: { txHash: log.tx_hash, timestamp: Number(log.timestamp), gasSpent: log.gas_used },
        fee: event.args.feeInfo,
        time: log.timestamp,
      });
    } else if (event.eventName === 'ReceiveCrossChainMessage') {
      Object.assign(m, body(event.args.message), {
        destinationBlockchainId: log.blockchain_id,
        destinationTransaction: {
          txHash: log.tx_hash,
          timestamp: Number(log.timestamp),
          gasSpent: log.gas_used,
          rewardRedeemer: event.args.rewardRedeemer.toLowerCase(),
          delivererAddress: event.args.deliverer.toLowerCase(),
        },
      });
      m.time ??= log.timestamp;
    } else if (event.eventName === 'MessageExecuted') {
      m.messageExecuted = true;
      facts.executed.push(log.tx_hash);
    } else if (event.eventName === 'MessageExecutionFailed') facts.failed.push(log.tx_hash);
    else if (event.eventName === 'ReceiptReceived') {
      m.receiptDelivered = true;
      facts.receiptTx = log.tx_hash;
    }
  }
  return [...messages.values()]
    .map((m) => {
      const status = !m.destinationTransaction
        ? 'pending'
        : m.sourceTransaction
          ? 'delivered'
          : 'delivered_source_not_indexed';
      const answer: any = {
        messageId: m.messageId,
        icmContractAddress: m.icmContractAddress,
        sourceBlockchainId: m.sourceBlockchainId,
        destinationBlockchainId: m.destinationBlockchainId,
        sourceEvmChainId: chainIds.get(m.sourceBlockchainId) ?? '',
        destinationEvmChainId: chainIds.get(m.destinationBlockchainId) ?? '',
        messageNonce: m.messageNonce,
        from: m.from,
        to: m.to,
        data: m.data,
        messageExecuted: m.messageExecuted,
        receipts: m.receipts,
        receiptDelivered: m.receiptDelivered,
        rewardDetails: {
          address: (m.fee?.feeTokenAddress ?? '0x0000000000000000000000000000000000000000').toLowerCase(),
          name: m.feeToken?.name ?? '',
          symbol: m.feeToken?.symbol ?? '',
          decimals: m.feeToken?.decimals ?? 18,
          ...(m.feeToken?.logoUri ? { logoUri: m.feeToken.logoUri } : {}),
          ercType: 'ERC-20',
          value: (m.fee?.amount ?? 0n).toString(),
        },
        ...(m.sourceTransaction ? { sourceTransaction: m.sourceTransaction } : {}),
        ...(m.destinationTransaction ? { destinationTransaction: m.destinationTransaction } : {}),
        status,
        time: m.time,
      };
      return answer;
    })
    .sort((a, b) => (a.time === b.time ? (a.messageId < b.messageId ? 1 : -1) : a.time < b.time ? 1 : -1));
}

const withoutTime = ({ time: _time, ...message }: any) => message;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  chainIds = new Map(
    (await db.query<{ blockchain_id: string; chain_id: bigint }>('SELECT blockchain_id, chain_id FROM evm_chain')).map(
      (c) => [c.blockchain_id, String(c.chain_id)],
    ),
  );
  expected = await expectedMessages();
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

async function expectError(path: string, status: number, message: string): Promise<void> {
  expect(await service.request(path)).toEqual({
    status,
    body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
  });
}

const delivered = () => expected.find((m) => m.status === 'delivered')!;
const pending = () => expected.find((m) => m.status === 'pending')!;

describe('getIcmMessage', () => {
  test('a delivered message joins its send and delivery: both transactions, the message, execution and fee as the logs say', async () => {
    const message = delivered();
    const { status, body } = await service.request(`/v1/icm/messages/${message.messageId}`);
    expect(status).toBe(200);
    expect(body).toEqual(withoutTime(message));
  });

  test('a pending message has its source transaction and no destination transaction', async () => {
    const message = pending();
    const { body } = await service.request(`/v1/icm/messages/${message.messageId}`);
    expect(body).toEqual(withoutTime(message));
    expect(body.status).toBe('pending');
    expect(body.destinationTransaction).toBeUndefined();
  });

  test('the message ID is taken with or without 0x, in any case', async () => {
    const id = delivered().messageId;
    const { body } = await service.request(`/v1/icm/messages/0x${id.toUpperCase()}`);
    expect(body.messageId).toBe(id);
  });

  test('an unknown message is a 404; a malformed ID a 400', async () => {
    await expectError(
      `/v1/icm/messages/${'0'.repeat(64)}`,
      404,
      `path parameter messageId ${'0'.repeat(64)} is not an ICM message indexed by this service`,
    );
    const { status, body } = await service.request('/v1/icm/messages/xyz');
    expect(status).toBe(400);
    expect(body.message).toMatch(/messageId/);
  });

  test('GraphQL answers the variant of the status', async () => {
    const { body } = await service.graphql(
      `query ($id: IcmMessageId!) { getIcmMessage(messageId: $id) { __typename messageId status
         ... on DeliveredIcmMessage { sourceTransaction { txHash } destinationTransaction { txHash delivererAddress } } } }`,
      { id: delivered().messageId },
    );
    expect(body.data.getIcmMessage).toEqual({
      __typename: 'DeliveredIcmMessage',
      messageId: delivered().messageId,
      status: 'delivered',
      sourceTransaction: { txHash: delivered().sourceTransaction.txHash },
      destinationTransaction: {
        txHash: delivered().destinationTransaction.txHash,
        delivererAddress: delivered().destinationTransaction.delivererAddress,
      },
    });
  });
});

describe('the demo traffic', () => {
  const ZERO = '0x0000000000000000000000000000000000000000';
  const answer = async (id: string) => (await service.request(`/v1/icm/messages/${id}`)).body;

  test('a share of sends offer a fee in an ERC-20 of the source chain, with its metadata; the sender paid it to the messenger', async () => {
    const paid = expected.filter((m) => m.rewardDetails.value !== '0');
    expect(paid.length).toBeGreaterThan(expected.length / 10);
    expect(expected.filter((m) => m.rewardDetails.address === ZERO).length).toBeGreaterThan(expected.length / 3);
    expect(new Set(paid.map((m) => m.rewardDetails.symbol)).size).toBeGreaterThan(1);
    for (const m of paid) {
      expect(m.rewardDetails).toEqual(
        expect.objectContaining({ name: expect.stringMatching(/./), symbol: expect.stringMatching(/./) }),
      );
      const [transfer] = await db.query<{ n: bigint }>(
        `SELECT count(*) AS n FROM evm_token_transfer t JOIN evm_transaction x ON x.chain_id = t.chain_id AND x.tx_hash = t.tx_hash
          WHERE t.chain_id = $1 AND t.tx_hash = $2 AND t.token_address = $3 AND t.from_address = x.from_address
            AND t.to_address = '\\x253b2784c75e510dd0ff1da844684a1ac0aa5fcf' AND t.value = $4::numeric`,
        [
          seen.get(m.messageId)!.sourceChainId,
          m.sourceTransaction.txHash,
          m.rewardDetails.address,
          m.rewardDetails.value,
        ],
      );
      expect(Number(transfer!.n)).toBe(1);
    }
    const example = paid.find((m) => m.rewardDetails.logoUri)!;
    expect((await answer(example.messageId)).rewardDetails).toEqual(example.rewardDetails);
  });

  test('receipts ride back on messages the other way: each names a message of the opposite route delivered before it was sent, receipted when it is delivered', async () => {
    const carriers = expected.filter((m) => m.receipts.length > 0);
    expect(carriers.length).toBeGreaterThan(10);
    const receipted = new Set<string>();
    for (const carrier of carriers) {
      expect(carrier.receipts.length).toBeLessThanOrEqual(5);
      for (const receipt of carrier.receipts) {
        const [original] = expected.filter(
          (m) =>
            m.sourceBlockchainId === carrier.destinationBlockchainId &&
            m.destinationBlockchainId === carrier.sourceBlockchainId &&
            m.messageNonce === receipt.receivedMessageNonce,
        );
        expect(original?.destinationTransaction).toBeDefined();
        expect(original.destinationTransaction.timestamp).toBeLessThanOrEqual(carrier.sourceTransaction.timestamp);
        expect(receipt.relayerRewardAddress).toBe(original.destinationTransaction.rewardRedeemer);
        // The origin sees the receipt when the carrier is delivered there, in the carrier's delivery.
        expect(original.receiptDelivered).toBe(carrier.status === 'delivered');
        if (carrier.status === 'delivered') {
          expect(seen.get(original.messageId)!.receiptTx).toBe(carrier.destinationTransaction.txHash);
          receipted.add(original.messageId);
        }
      }
    }
    // Every receipt the sources saw came back this way.
    expect(
      expected
        .filter((m) => m.receiptDelivered)
        .map((m) => m.messageId)
        .sort(),
    ).toEqual([...receipted].sort());
    const withReceipt = expected.find((m) => m.receiptDelivered)!;
    expect(await answer(withReceipt.messageId)).toEqual(withoutTime(withReceipt));
  });

  test('a few executions fail (MessageExecutionFailed); those retried later are executed, the others not', async () => {
    const failed = expected.filter((m) => seen.get(m.messageId)!.failed.length > 0);
    expect(failed.length).toBeGreaterThan(2);
    const retried = failed.filter((m) => m.messageExecuted);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.length).toBeLessThan(failed.length);
    for (const m of failed) {
      expect(m.status).toBe('delivered');
      expect(seen.get(m.messageId)!.failed).toEqual([m.destinationTransaction.txHash]);
    }
    for (const m of retried) {
      const [retry] = seen.get(m.messageId)!.executed;
      expect(retry).not.toBe(m.destinationTransaction.txHash);
      const [tx] = await db.query<{ timestamp: bigint }>(
        'SELECT b.timestamp FROM evm_transaction x JOIN evm_block b ON b.chain_id = x.chain_id AND b.number = x.block_number WHERE x.tx_hash = $1',
        [retry],
      );
      expect(Number(tx!.timestamp)).toBeGreaterThan(m.destinationTransaction.timestamp);
    }
    for (const m of [retried[0], failed.find((f) => !f.messageExecuted)]) {
      expect(await answer(m.messageId)).toEqual(withoutTime(m));
    }
  });

  test('a few messages are still pending at DEMO_NOW: sent, not delivered', async () => {
    const pendings = expected.filter((m) => m.status === 'pending');
    expect(pendings.length).toBeGreaterThan(2);
    expect(pendings.length).toBeLessThan(expected.length / 10);
    for (const m of pendings) {
      expect(m.sourceTransaction.timestamp).toBeLessThanOrEqual(DEMO_NOW);
      expect(m.messageExecuted).toBe(false);
      expect(m.receiptDelivered).toBe(false);
    }
  });
});

describe('listIcmMessages', () => {
  test('every message, newest first (ties by message ID), across pages', async () => {
    const all = await allPages(service, '/v1/icm/messages?pageSize=37', 'messages');
    expect(all).toEqual(expected.map(withoutTime));
  });

  test('the default page is 10 messages; pageSize is bounded 1 to 100', async () => {
    const { body } = await service.request('/v1/icm/messages');
    expect(body.messages).toHaveLength(10);
    expect(body.nextPageToken).toEqual(expect.any(String));
    for (const size of [0, 101]) {
      const { status } = await service.request(`/v1/icm/messages?pageSize=${size}`);
      expect(status).toBe(400);
    }
  });

  test('sourceBlockchainId (cb58 or EVM chain ID), destinationBlockchainId and blockchainId keep the messages of those chains', async () => {
    const c = expected[0].sourceBlockchainId;
    const evm = chainIds.get(c)!;
    const bySource = expected.filter((m) => m.sourceBlockchainId === c).map(withoutTime);
    expect(await allPages(service, `/v1/icm/messages?pageSize=100&sourceBlockchainId=${c}`, 'messages')).toEqual(
      bySource,
    );
    expect(await allPages(service, `/v1/icm/messages?pageSize=100&sourceBlockchainId=${evm}`, 'messages')).toEqual(
      bySource,
    );
    expect(await allPages(service, `/v1/icm/messages?pageSize=100&destinationBlockchainId=${c}`, 'messages')).toEqual(
      expected.filter((m) => m.destinationBlockchainId === c).map(withoutTime),
    );
    expect(await allPages(service, `/v1/icm/messages?pageSize=7&blockchainId=${c}`, 'messages')).toEqual(
      expected.filter((m) => m.sourceBlockchainId === c || m.destinationBlockchainId === c).map(withoutTime),
    );
  });

  test('from and to keep the messages of that sender and recipient; network keeps a network’s', async () => {
    const { from, to } = expected[0];
    expect(
      await allPages(
        service,
        `/v1/icm/messages?pageSize=100&from=${from.toUpperCase().replace('0X', '0x')}`,
        'messages',
      ),
    ).toEqual(expected.filter((m) => m.from === from).map(withoutTime));
    expect(await allPages(service, `/v1/icm/messages?pageSize=100&to=${to}&network=mainnet`, 'messages')).toEqual(
      expected.filter((m) => m.to === to).map(withoutTime),
    );
    expect((await service.request('/v1/icm/messages?network=fuji')).body).toEqual({ messages: [] });
  });

  test('bad filters are 400s; an EVM chain ID this service does not index is a 404', async () => {
    for (const query of [
      'from=0x12',
      'to=abc',
      'sourceBlockchainId=not-a-chain',
      'blockchainId=0x12',
      'network=devnet',
    ]) {
      const { status } = await service.request(`/v1/icm/messages?${query}`);
      expect(status).toBe(400);
    }
    await expectError(
      '/v1/icm/messages?sourceBlockchainId=999999',
      404,
      'chainId 999999 is not a chain this service indexes',
    );
  });

  test('a page token belongs to its filters', async () => {
    const first = await service.request('/v1/icm/messages?pageSize=2');
    const { status } = await service.request(
      `/v1/icm/messages?pageSize=2&network=mainnet&pageToken=${first.body.nextPageToken}`,
    );
    expect(status).toBe(400);
  });
});

describe('listIcmMessagesByAddress', () => {
  test('the messages an address sent or that are delivered to it, newest first, across pages', async () => {
    const address = expected[0].to;
    const mine = expected.filter((m) => m.from === address || m.to === address).map(withoutTime);
    expect(mine.length).toBeGreaterThan(3);
    expect(await allPages(service, `/v1/icm/addresses/${address}/messages?pageSize=3`, 'messages')).toEqual(mine);
    const sender = expected[0].from;
    expect(
      await allPages(service, `/v1/icm/addresses/${sender}/messages?pageSize=100&network=mainnet`, 'messages'),
    ).toEqual(expected.filter((m) => m.from === sender || m.to === sender).map(withoutTime));
  });

  test('a malformed address is a 400; an address without messages has none', async () => {
    const { status } = await service.request('/v1/icm/addresses/0x12/messages');
    expect(status).toBe(400);
    expect((await service.request(`/v1/icm/addresses/0x${'00'.repeat(19)}01/messages`)).body).toEqual({ messages: [] });
  });
});

describe('reorgs', () => {
  test('a reorg of the destination chain that removes a delivery turns the message back to pending; one of the source chain leaves a delivered message delivered_source_not_indexed', async () => {
    const message = delivered();
    const destination = await db.query<{ chain_id: bigint; block_number: bigint; hash: string }>(
      `SELECT x.chain_id, x.block_number, b.hash FROM evm_transaction x JOIN evm_block b ON b.chain_id = x.chain_id AND b.number = x.block_number - 1
        WHERE x.tx_hash = $1`,
      [message.destinationTransaction.txHash],
    );
    const [d] = destination;
    await rewindEvmChain(db, d!.chain_id, {
      chainKey: `evm:${d!.chain_id}`,
      height: d!.block_number - 1n,
      blockHash: d!.hash,
    });
    const { body } = await service.request(`/v1/icm/messages/${message.messageId}`);
    const { destinationTransaction: _gone, ...rest } = withoutTime(message);
    expect(body).toEqual({ ...rest, status: 'pending', messageExecuted: false });

    const other = expected.find(
      (m) =>
        m.status === 'delivered' &&
        m.sourceBlockchainId === message.sourceBlockchainId &&
        m.destinationBlockchainId !== message.destinationBlockchainId,
    )!;
    const [s] = await db.query<{ chain_id: bigint; block_number: bigint; hash: string }>(
      `SELECT x.chain_id, x.block_number, b.hash FROM evm_transaction x JOIN evm_block b ON b.chain_id = x.chain_id AND b.number = x.block_number - 1
        WHERE x.tx_hash = $1`,
      [other.sourceTransaction.txHash],
    );
    await rewindEvmChain(db, s!.chain_id, {
      chainKey: `evm:${s!.chain_id}`,
      height: s!.block_number - 1n,
      blockHash: s!.hash,
    });
    const after = await service.request(`/v1/icm/messages/${other.messageId}`);
    const { sourceTransaction: _sent, ...delivery } = withoutTime(other);
    // Without its send, neither the fee it offered nor the receipt that came back for it is known.
    const noFee = { address: '0x0000000000000000000000000000000000000000', name: '', symbol: '', decimals: 18 };
    expect(after.body).toEqual({
      ...delivery,
      status: 'delivered_source_not_indexed',
      receiptDelivered: false,
      rewardDetails: { ...noFee, ercType: 'ERC-20', value: '0' },
    });
    // The first message's send is above the source chain's ancestor too when it came later: then it is gone.
  }, 600_000);
});
