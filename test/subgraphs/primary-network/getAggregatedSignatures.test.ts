import { fromHex } from '../../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../../avalanche/cb58';
import type { Database } from '../../../prisma/database';
import { parsePChainMessage } from '../../../signature-aggregator/codec/pchainMessage';
import { parseSignedMessage } from '../../../signature-aggregator/codec/signedMessage';
import { parseWarpPayload } from '../../../signature-aggregator/codec/warpPayload';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { localNetworkSigners } from '../../fixtures/localNetworkKeys';
import { insertWarpFixture, warpFixture, type WarpFixture } from '../../fixtures/warpNetwork';
import { independentlyVerify } from '../../signature-aggregator/support/independentVerifier';

let db: Database;
let fixture: WarpFixture;
let service: TestService;

beforeAll(async () => {
  db = await setupTestDatabase();
  fixture = await insertWarpFixture(db);
  service = await startTestService(db, { warp: { signerKeys: localNetworkSigners.map((s) => s.secretKey) } });
});
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

const get = (txHash: string, network = 'fuji') =>
  service.request(`/v1/signatureAggregator/${network}/aggregateSignatures/${txHash}`);
/** The P-Chain message of a signed message, after checking its P-Chain envelope. */
const pChainMessageOf = (signedHex: string) => {
  const { unsigned } = parseSignedMessage(fromHex(signedHex));
  expect(unsigned.networkId).toBe(5);
  expect(unsigned.sourceChainId).toEqual(new Uint8Array(32));
  const call = parseWarpPayload(unsigned.payload);
  if (call.kind !== 'addressedCall' || call.sourceAddress.length !== 0)
    throw new Error('not an AddressedCall from the P-Chain');
  return parsePChainMessage(call.payload);
};

describe('GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash} (4.2)', () => {
  it.each([
    ['a ConvertSubnetToL1Tx', 'SubnetToL1Conversion', {}, () => fixture.txs.convert],
    [
      'a RegisterL1ValidatorTx of a current validator',
      'L1ValidatorRegistration',
      { registered: true },
      () => fixture.txs.register.signer3!,
    ],
    [
      'a RegisterL1ValidatorTx of a removed validator',
      'L1ValidatorRegistration',
      { registered: false },
      () => fixture.txs.register.extraB!,
    ],
    ['a SetL1ValidatorWeightTx', 'L1ValidatorWeight', { nonce: 1n, weight: 100n }, () => fixture.txs.setWeight],
    [
      'a SetL1ValidatorWeightTx to weight 0 (removal)',
      'L1ValidatorRegistration',
      { registered: false },
      () => fixture.txs.removeB,
    ],
    [
      'a SetL1ValidatorWeightTx removing a conversion validator',
      'L1ValidatorRegistration',
      { registered: false },
      () => fixture.txs.removeA,
    ],
  ])(
    "answers 201 for %s with the P-Chain's %s message, signed by a quorum of the L1",
    async (_case, type, fields, txHash) => {
      const { status, body } = await get(txHash());
      expect(status).toBe(201);
      expect(Object.keys(body)).toEqual(['signedMessage']);
      expect(pChainMessageOf(body.signedMessage)).toMatchObject({ type, ...fields });
      expect(independentlyVerify(body.signedMessage, fixture.setAt(warpFixture.latestHeight), 5, 67)).toMatchObject({
        ok: true,
        totalWeight: 550n,
      });
    },
  );

  it('names the validation the transaction is about', async () => {
    const { body } = await get(fixture.txs.register.signer3!);
    expect(pChainMessageOf(body.signedMessage)).toMatchObject({
      validationId: cb58Decode(fixture.validationIds.signer3!),
    });
  });

  it('answers testnet like fuji, and takes the hash in hex too', async () => {
    const fuji = await get(fixture.txs.convert);
    expect((await get(fixture.txs.convert, 'testnet')).body).toEqual(fuji.body);
    const hex = Buffer.from(cb58Decode(fixture.txs.convert)).toString('hex');
    expect((await get(`0x${hex}`)).body).toEqual(fuji.body);
  });

  it('answers 404 with the error body for a hash no transaction has, also on another network', async () => {
    const unknown = cb58Encode(new Uint8Array(32).fill(1));
    expect(await get(unknown)).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: `transaction ${unknown} was not found on fuji` },
    });
    expect((await get(fixture.txs.convert, 'mainnet')).status).toBe(404);
  });

  it('answers 400 for a transaction of another kind', async () => {
    expect(await get(fixture.txs.baseTx)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: `transaction ${fixture.txs.baseTx} is a BaseTx; only ConvertSubnetToL1Tx, RegisterL1ValidatorTx and SetL1ValidatorWeightTx have a P-Chain Warp message`,
      },
    });
  });

  it('answers 400 for a txHash that is no transaction ID', async () => {
    expect(await get('not-a-hash')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'path parameter txHash must be a 32-byte ID in cb58 (or hex)',
      },
    });
  });
});

describe('Query.getAggregatedSignatures (GraphQL)', () => {
  const query = /* GraphQL */ `
    query ($network: Network!, $txHash: Cb58Id!) {
      getAggregatedSignatures(network: $network, txHash: $txHash) { signedMessage }
    }
  `;

  it('returns the same signed message as REST', async () => {
    const rest = await get(fixture.txs.setWeight);
    const { body } = await service.graphql(query, { network: 'fuji', txHash: fixture.txs.setWeight });
    expect(body.data.getAggregatedSignatures.signedMessage).toBe(rest.body.signedMessage);
  });

  it('reports an unknown hash as NOT_FOUND and another kind as BAD_REQUEST', async () => {
    const missing = await service.graphql(query, { network: 'fuji', txHash: cb58Encode(new Uint8Array(32).fill(2)) });
    expect(missing.body.errors[0].extensions).toEqual({ code: 'NOT_FOUND', http: { status: 404 } });
    const other = await service.graphql(query, { network: 'fuji', txHash: fixture.txs.baseTx });
    expect(other.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });
});
