import { concatBytes, fromHex, toHex, u32 } from '../../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../../avalanche/cb58';
import type { Database } from '../../../prisma/database';
import { parsePChainMessage } from '../../../signature-aggregator/codec/pchainMessage';
import { parseSignedMessage } from '../../../signature-aggregator/codec/signedMessage';
import { encodeUnsignedMessage } from '../../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload, parseWarpPayload } from '../../../signature-aggregator/codec/warpPayload';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { localNetworkSigners } from '../../fixtures/localNetworkKeys';
import { insertWarpFixture, warpFixture, type WarpFixture } from '../../fixtures/warpNetwork';
import { independentlyVerify } from '../../signature-aggregator/support/independentVerifier';

let db: Database;
let fixture: WarpFixture;
let service: TestService;
let keyless: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  fixture = await insertWarpFixture(db);
  // The operator runs the five local-network validators: their keys sign locally (WARP_SIGNER_KEYS).
  service = await startTestService(db, { warp: { signerKeys: localNetworkSigners.map((s) => s.secretKey) } });
  keyless = await startTestService(db, { warp: { signerKeys: [] } });
});
afterAll(async () => {
  await service?.close();
  await keyless?.close();
  await teardown(db);
});

const path = (network = 'fuji') => `/v1/signatureAggregator/${network}/aggregateSignatures`;
const messageFrom = (chainId: string, networkId = 5, text = 'hello') =>
  encodeUnsignedMessage({
    networkId,
    sourceChainId: cb58Decode(chainId),
    payload: encodeWarpPayload({
      kind: 'addressedCall',
      sourceAddress: new Uint8Array(20).fill(0xab),
      payload: new TextEncoder().encode(text),
    }),
  });
const message = messageFrom(warpFixture.l1ChainId);
const messageHex = toHex(message.bytes);
/** SendWarpMessage log data: offset word, length word, data padded to 32 bytes. */
const logData = (bytes: Uint8Array) => {
  const padded = new Uint8Array(Math.ceil(bytes.length / 32) * 32);
  padded.set(bytes);
  const word = (n: number) => concatBytes(new Uint8Array(28), u32(n));
  return toHex(concatBytes(word(32), word(bytes.length), padded));
};
const post = (body: unknown, network = 'fuji', target = service) =>
  target.request(path(network), { method: 'POST', body });

describe('POST /v1/signatureAggregator/{network}/aggregateSignatures (4.1)', () => {
  it('answers 201 {signedMessage}: the message signed by a quorum of the L1, accepted by an independent verifier', async () => {
    const { status, body } = await post({ message: messageHex });
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual(['signedMessage']);
    expect(body.signedMessage).toMatch(/^[0-9a-f]+$/);
    expect(body.signedMessage.startsWith(messageHex)).toBe(true);
    const verdict = independentlyVerify(body.signedMessage, fixture.setAt(warpFixture.latestHeight), 5, 67);
    expect(verdict).toMatchObject({ ok: true, totalWeight: 550n });
  });

  it('reads the message with or without 0x, as SendWarpMessage log data, on fuji or testnet alike', async () => {
    for (const [body, network] of [
      [{ message: `0x${messageHex}` }, 'fuji'],
      [{ message: logData(message.bytes) }, 'fuji'],
      [{ message: messageHex }, 'testnet'],
    ] as const) {
      const response = await post(body, network);
      expect(response.status).toBe(201);
      expect(parseSignedMessage(fromHex(response.body.signedMessage)).unsigned.bytes).toEqual(message.bytes);
    }
  });

  it('signs with the validator set of an earlier P-Chain height when pChainHeight is given', async () => {
    const { status, body } = await post({ message: messageHex, pChainHeight: 3 });
    expect(status).toBe(201);
    expect(independentlyVerify(body.signedMessage, fixture.setAt(3), 5, 67)).toMatchObject({
      ok: true,
      totalWeight: 400n,
    });
    expect(independentlyVerify(body.signedMessage, fixture.setAt(10), 5, 67).ok).toBe(false);
  });

  it('takes signingSubnetId in cb58 or hex, and collects quorum + buffer', async () => {
    const hex = `0x${toHex(cb58Decode(warpFixture.l1SubnetId))}`;
    for (const signingSubnetId of [warpFixture.l1SubnetId, hex, hex.slice(2)]) {
      const { status, body } = await post({
        message: messageHex,
        signingSubnetId,
        quorumPercentage: 50,
        quorumPercentageBuffer: 40,
      });
      expect(status).toBe(201);
      const verdict = independentlyVerify(body.signedMessage, fixture.setAt(10), 5, 90);
      expect(verdict).toMatchObject({ ok: true, signerWeight: 500n });
    }
  });

  it("signs the L1's SubnetToL1Conversion when the justification alone is its subnet ID", async () => {
    const { status, body } = await post({ justification: toHex(cb58Decode(warpFixture.l1SubnetId)) });
    expect(status).toBe(201);
    const signed = parseSignedMessage(fromHex(body.signedMessage));
    const call = parseWarpPayload(signed.unsigned.payload);
    expect(call.kind === 'addressedCall' && parsePChainMessage(call.payload).type).toBe('SubnetToL1Conversion');
    expect(independentlyVerify(body.signedMessage, fixture.setAt(10), 5, 67).ok).toBe(true);
  });

  it('answers 503, before asking anyone, when the keyed weight cannot make the quorum (keyless inactive validator)', async () => {
    const started = Date.now();
    const { status, body } = await post({ message: messageHex, quorumPercentage: 100 });
    expect({ status, body }).toEqual({
      status: 503,
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: expect.stringMatching(/holding 500 of the 550 weight .* a quorum of 100% needs 550/),
      },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers 503 when no validator of the signing subnet can be reached (no keys, no node URLs)', async () => {
    const { status, body } = await post({ message: messageHex }, 'fuji', keyless);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      statusCode: 503,
      error: 'Service Unavailable',
      message: expect.stringContaining('holding 0 of the 550 weight'),
    });
  });

  const trailing = `${messageHex}00`;
  const otherVersion = `0001${messageHex.slice(4)}`;
  it.each([
    ['no message nor justification', {}, 'message or justification is required'],
    ['empty message and justification', { message: '0x', justification: '' }, 'message or justification is required'],
    ['a message that is not hex', { message: 'xyz' }, 'message must be hex'],
    ['a message with an odd number of digits', { message: 'abc' }, 'message must be hex'],
    ['a justification that is not hex', { message: messageHex, justification: '0xzz' }, 'justification must be hex'],
    [
      'quorumPercentage 101',
      { message: messageHex, quorumPercentage: 101 },
      'quorumPercentage must be an integer from 0 to 100',
    ],
    [
      'quorumPercentage -1',
      { message: messageHex, quorumPercentage: -1 },
      'quorumPercentage must be an integer from 0 to 100',
    ],
    [
      'quorumPercentage 2.5',
      { message: messageHex, quorumPercentage: 2.5 },
      'body field quorumPercentage must be an integer',
    ],
    [
      'quorumPercentageBuffer 101',
      { message: messageHex, quorumPercentageBuffer: 101 },
      'quorumPercentageBuffer must be an integer from 0 to 100',
    ],
    [
      'quorumPercentage + buffer over 100',
      { message: messageHex, quorumPercentage: 60, quorumPercentageBuffer: 50 },
      'quorumPercentage + quorumPercentageBuffer must be at most 100',
    ],
    [
      'the default quorum (0 = 67) + buffer over 100',
      { message: messageHex, quorumPercentage: 0, quorumPercentageBuffer: 40 },
      'quorumPercentage + quorumPercentageBuffer must be at most 100',
    ],
    [
      'a signingSubnetId that is no ID',
      { message: messageHex, signingSubnetId: 'nope' },
      'body field signingSubnetId must be a 32-byte ID in cb58 (or hex)',
    ],
    ['pChainHeight -1', { message: messageHex, pChainHeight: -1 }, 'pChainHeight must be 0 or a P-Chain height'],
    [
      'pChainHeight above the indexed chain',
      { message: messageHex, pChainHeight: 11 },
      'pChainHeight 11 is above the latest indexed P-Chain height 10',
    ],
    ['a message with trailing bytes', { message: trailing }, 'message: 1 trailing byte after the end'],
    ['a message of an unknown codec version', { message: otherVersion }, 'message: unknown codec version 1'],
    [
      'a message of another network',
      { message: toHex(messageFrom(warpFixture.l1ChainId, 1).bytes) },
      'the message is for network ID 1, but fuji is network ID 5',
    ],
    [
      'a message from an unknown chain',
      { message: toHex(messageFrom(cb58Encode(new Uint8Array(32).fill(3))).bytes) },
      'is not a blockchain of fuji; pass signingSubnetId',
    ],
    [
      'an unknown signingSubnetId',
      { message: messageHex, signingSubnetId: cb58Encode(new Uint8Array(32).fill(4)) },
      'is not a subnet of fuji',
    ],
    [
      'a justification alone that names no P-Chain message',
      { justification: '0001abcdabcfff' },
      'message is required: the justification',
    ],
  ])('answers 400 for %s, with the error body', async (_case, body, message) => {
    const response = await post(body);
    expect(response).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(message) },
    });
  });

  it('answers 400 for an unknown network and for a body that is not JSON', async () => {
    expect((await post({ message: messageHex }, 'devnet')).status).toBe(400);
    const response = await service.request(path(), {
      method: 'POST',
      body: '{"message": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toEqual({ status: 400, body: expect.objectContaining({ statusCode: 400, error: 'Bad Request' }) });
  });

  it('is documented in the OpenAPI document with its 201 answer', async () => {
    const { body } = await service.request('/openapi.json');
    expect(Object.keys(body.paths[path('{network}')].post.responses)).toContain('201');
    expect(Object.keys(body.paths[`${path('{network}')}/{txHash}`].get.responses)).toContain('201');
  });
});

describe('Mutation.aggregateSignatures (GraphQL)', () => {
  const mutation = /* GraphQL */ `
    mutation ($network: Network!, $message: String, $quorumPercentage: Int, $quorumPercentageBuffer: Int) {
      aggregateSignatures(network: $network, message: $message, quorumPercentage: $quorumPercentage, quorumPercentageBuffer: $quorumPercentageBuffer) {
        signedMessage
      }
    }
  `;

  it('returns the same signed message as REST', async () => {
    const rest = await post({ message: messageHex });
    const { status, body } = await service.graphql(mutation, { network: 'fuji', message: messageHex });
    expect(status).toBe(200);
    expect(body.data.aggregateSignatures.signedMessage).toBe(rest.body.signedMessage);
  });

  it('answers a broken rule with a BAD_REQUEST error naming it', async () => {
    const { body } = await service.graphql(mutation, {
      network: 'fuji',
      message: messageHex,
      quorumPercentage: 70,
      quorumPercentageBuffer: 31,
    });
    expect(body.errors[0]).toMatchObject({
      message: 'quorumPercentage + quorumPercentageBuffer must be at most 100',
      extensions: { code: 'BAD_REQUEST' },
    });
  });
});
