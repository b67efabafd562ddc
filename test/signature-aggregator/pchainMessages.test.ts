import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, fromHex, toHex, u32 } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import type { Database } from '../../prisma/database';
import { conversionId } from '../../signature-aggregator/codec/conversionData';
import { decodeL1Transaction } from '../../signature-aggregator/codec/decodeL1Transaction';
import { parsePChainMessage } from '../../signature-aggregator/codec/pchainMessage';
import { parseWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import {
  TransactionNotFoundError,
  InvalidAggregationRequestError,
  InvalidWarpMessageError,
} from '../../signature-aggregator/errors';
import { buildL1Message, type L1TransactionOfKind } from '../../signature-aggregator/pchain/buildL1Message';
import { loadL1Transaction } from '../../signature-aggregator/pchain/loadL1Transaction';
import { messageFromJustification } from '../../signature-aggregator/pchain/messageFromJustification';
import type { UnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { setupTestDatabase, teardown } from '../setup/database';
import { insertWarpFixture, warpFixture, type WarpFixture } from '../fixtures/warpNetwork';

let db: Database;
let fixture: WarpFixture;

beforeAll(async () => {
  db = await setupTestDatabase();
  fixture = await insertWarpFixture(db);
});
afterAll(() => teardown(db));

const build = async (txHash: string) => {
  const { tx } = await loadL1Transaction(db.prisma, 'FUJI', txHash);
  return buildL1Message(db.prisma, 'FUJI', tx as L1TransactionOfKind);
};
/** The P-Chain message inside an unsigned message, after checking the envelope every one shares. */
const inner = (message: UnsignedMessage) => {
  expect(message.networkId).toBe(5);
  expect(message.sourceChainId).toEqual(new Uint8Array(32));
  const call = parseWarpPayload(message.payload);
  if (call.kind !== 'addressedCall') throw new Error('not an AddressedCall');
  expect(call.sourceAddress).toHaveLength(0);
  return parsePChainMessage(call.payload);
};

describe('codec/decodeL1Transaction', () => {
  it("reads the demo encoder's ConvertSubnetToL1Tx back field by field", async () => {
    const { tx } = await loadL1Transaction(db.prisma, 'FUJI', fixture.txs.convert);
    expect(tx).toMatchObject({
      type: 'ConvertSubnetToL1Tx',
      networkId: 5,
      managerAddress: fromHex(warpFixture.managerAddress),
    });
    if (tx.type !== 'ConvertSubnetToL1Tx') throw new Error('unreachable');
    expect(cb58Encode(tx.subnetId)).toBe(warpFixture.l1SubnetId);
    expect(tx.validators.map((v) => `0x${toHex(v.blsPublicKey)}`)).toEqual([
      fixture.validators.signer1!.publicKey,
      fixture.validators.extraA!.publicKey,
    ]);
  });

  it('says `other` for kinds without an L1 message, and refuses a truncated transaction', async () => {
    expect((await loadL1Transaction(db.prisma, 'FUJI', fixture.txs.baseTx)).tx).toEqual({
      type: 'other',
      typeId: 0x22,
    });
    const row = await db.prisma.primaryNetworkTransaction.findFirstOrThrow({
      where: { txHash: fixture.txs.setWeight },
    });
    expect(() => decodeL1Transaction(fromHex(row.txBytes).subarray(0, -10))).toThrow(
      /^transaction: not a P-Chain transaction: incorrect number of bytes for signature/,
    );
    expect(() => decodeL1Transaction(concatBytes(fromHex(row.txBytes), new Uint8Array(1)))).toThrow(
      /^transaction: 1 trailing byte after/,
    );
    expect(() => decodeL1Transaction(fromHex(row.txBytes).subarray(0, 40))).toThrow(InvalidWarpMessageError);
  });

  it('accepts bytes stored with the 4-byte checksum of the API hex encoding', async () => {
    const row = await db.prisma.primaryNetworkTransaction.findFirstOrThrow({
      where: { txHash: fixture.txs.setWeight },
    });
    const bytes = fromHex(row.txBytes);
    await db.prisma.primaryNetworkTransaction.update({
      where: { network_txHash: { network: 'FUJI', txHash: row.txHash } },
      data: { txBytes: `0x${toHex(concatBytes(bytes, sha256(bytes).subarray(28)))}` },
    });
    try {
      expect((await loadL1Transaction(db.prisma, 'FUJI', row.txHash)).tx.type).toBe('SetL1ValidatorWeightTx');
    } finally {
      await db.prisma.primaryNetworkTransaction.update({
        where: { network_txHash: { network: 'FUJI', txHash: row.txHash } },
        data: { txBytes: row.txBytes },
      });
    }
  });

  it('throws TransactionNotFoundError for an unknown hash', async () => {
    await expect(loadL1Transaction(db.prisma, 'FUJI', cb58Encode(new Uint8Array(32).fill(1)))).rejects.toBeInstanceOf(
      TransactionNotFoundError,
    );
  });
});

describe('pchain/buildL1Message (notes §7.4)', () => {
  it('ConvertSubnetToL1Tx → SubnetToL1Conversion{conversionID}, justified by the subnet ID, signed by the L1', async () => {
    const built = await build(fixture.txs.convert);
    const expected = conversionId({
      subnetId: cb58Decode(warpFixture.l1SubnetId),
      managerChainId: cb58Decode(warpFixture.l1ChainId),
      managerAddress: fromHex(warpFixture.managerAddress),
      validators: ['signer1', 'extraA'].map((label) => ({
        nodeId: cb58Decode(fixture.validators[label]!.nodeId.slice(7)),
        blsPublicKey: fromHex(fixture.validators[label]!.publicKey),
        weight: 100n,
      })),
    });
    expect(inner(built.message)).toEqual({ type: 'SubnetToL1Conversion', conversionId: expected });
    expect(built.justification).toEqual(cb58Decode(warpFixture.l1SubnetId));
    expect(built.signingSubnetId).toBe(warpFixture.l1SubnetId);
  });

  it('RegisterL1ValidatorTx of a current validator → L1ValidatorRegistration{sha256(payload), true}, no justification', async () => {
    const built = await build(fixture.txs.register.signer3!);
    expect(inner(built.message)).toEqual({
      type: 'L1ValidatorRegistration',
      validationId: cb58Decode(fixture.validationIds.signer3!),
      registered: true,
    });
    expect(built.justification).toBeUndefined();
    expect(built.signingSubnetId).toBe(warpFixture.l1SubnetId);
  });

  it('RegisterL1ValidatorTx of a removed validator → registered false, justified by the RegisterL1Validator payload (field 2)', async () => {
    const built = await build(fixture.txs.register.extraB!);
    expect(inner(built.message)).toMatchObject({ type: 'L1ValidatorRegistration', registered: false });
    expect(toHex(built.justification!.subarray(0, 1))).toBe('12');
    expect(toHex(sha256(built.justification!.subarray(3)))).toBe(toHex(cb58Decode(fixture.validationIds.extraB!)));
  });

  it('SetL1ValidatorWeightTx with weight > 0 → the same L1ValidatorWeight, no justification', async () => {
    const built = await build(fixture.txs.setWeight);
    expect(inner(built.message)).toEqual({
      type: 'L1ValidatorWeight',
      validationId: cb58Decode(fixture.validationIds.signer2!),
      nonce: 1n,
      weight: 100n,
    });
    expect(built.justification).toBeUndefined();
  });

  it('SetL1ValidatorWeightTx with weight 0 → registered false; a conversion validator is justified by (subnet, index) (field 1)', async () => {
    const built = await build(fixture.txs.removeA);
    expect(inner(built.message)).toEqual({
      type: 'L1ValidatorRegistration',
      validationId: cb58Decode(fixture.validationIds.extraA!),
      registered: false,
    });
    expect(toHex(built.justification!)).toBe(`0a240a20${toHex(cb58Decode(warpFixture.l1SubnetId))}1001`);
  });

  it('SetL1ValidatorWeightTx with weight 0 of a registered validator → justified by its RegisterL1Validator payload', async () => {
    const built = await build(fixture.txs.removeB);
    expect(toHex(sha256(built.justification!.subarray(3)))).toBe(toHex(cb58Decode(fixture.validationIds.extraB!)));
  });
});

describe('pchain/messageFromJustification', () => {
  it("turns a subnet ID into the L1's SubnetToL1Conversion message", async () => {
    const fromJustification = await messageFromJustification(db.prisma, 'FUJI', cb58Decode(warpFixture.l1SubnetId));
    const fromTx = await build(fixture.txs.convert);
    expect(fromJustification.message.bytes).toEqual(fromTx.message.bytes);
  });

  it('turns a registration justification of a removed validator into registered false', async () => {
    const justification = concatBytes(fromHex('0a240a20'), cb58Decode(warpFixture.l1SubnetId), fromHex('1001'));
    const built = await messageFromJustification(db.prisma, 'FUJI', justification);
    expect(inner(built.message)).toEqual({
      type: 'L1ValidatorRegistration',
      validationId: cb58Decode(fixture.validationIds.extraA!),
      registered: false,
    });
    expect(built.signingSubnetId).toBe(warpFixture.l1SubnetId);
  });

  it('refuses a justification of a validator that is still registered, and one that names nothing', async () => {
    const current = concatBytes(fromHex('0a220a20'), cb58Decode(warpFixture.l1SubnetId));
    await expect(messageFromJustification(db.prisma, 'FUJI', current)).rejects.toThrow(/still registered/);
    await expect(messageFromJustification(db.prisma, 'FUJI', fromHex('0001abcdabcfff'))).rejects.toBeInstanceOf(
      InvalidAggregationRequestError,
    );
    await expect(messageFromJustification(db.prisma, 'FUJI', concatBytes(u32(1), new Uint8Array(28)))).rejects.toThrow(
      /not an L1/,
    );
  });
});
