import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, fromHex, lengthPrefixed, toHex, u32 } from '../../avalanche/bytes';
import { cb58Encode } from '../../avalanche/cb58';
import { conversionId } from '../../signature-aggregator/codec/conversionData';
import { decodeMessageInput } from '../../signature-aggregator/codec/decodeMessageInput';
import {
  encodePChainMessage,
  parsePChainMessage,
  type PChainMessage,
} from '../../signature-aggregator/codec/pchainMessage';
import { encodeRegistrationJustification } from '../../signature-aggregator/codec/registrationJustification';
import { encodeSignedMessage, parseSignedMessage } from '../../signature-aggregator/codec/signedMessage';
import { decodeSignerBitset, encodeSignerBitset } from '../../signature-aggregator/codec/signerBitset';
import { encodeUnsignedMessage, parseUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { unwrapSendWarpLogData } from '../../signature-aggregator/codec/unwrapSendWarpLogData';
import { encodeWarpPayload, parseWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { InvalidWarpMessageError } from '../../signature-aggregator/errors';
import {
  avalanchejsL1ValidatorWeightMessage,
  avalanchejsRegisterL1ValidatorMessage,
  dataApiRequestMessage,
  dataApiSignedMessage,
} from '../fixtures/warpMessages';

const hex = (text: string) => fromHex(text.replace(/\s+/g, ''));
/** Bytes from..to inclusive, as the avalanchego tests write their fixtures. */
const run = (from: number, to: number) => Uint8Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('codec/warpPayload', () => {
  it('encodes Hash(ids.ID{4,5,6}) as the published 38 bytes', () => {
    const hash = new Uint8Array(32);
    hash.set([4, 5, 6]);
    const published = '0000 00000000 0405060000000000000000000000000000000000000000000000000000000000';
    expect(toHex(encodeWarpPayload({ kind: 'hash', hash }))).toBe(published.replace(/ /g, ''));
    expect(parseWarpPayload(hex(published))).toEqual({ kind: 'hash', hash });
  });

  it('encodes AddressedCall(01020300…, 0a0b0c) as the published bytes', () => {
    const published = '0000 00000001 00000010 01020300000000000000000000000000 00000003 0a0b0c';
    const call = {
      kind: 'addressedCall' as const,
      sourceAddress: hex('01020300000000000000000000000000'),
      payload: hex('0a0b0c'),
    };
    expect(toHex(encodeWarpPayload(call))).toBe(published.replace(/ /g, ''));
    expect(parseWarpPayload(hex(published))).toEqual(call);
  });

  it.each([
    ['an unknown codec version', `0001 00000000${'00'.repeat(32)}`, 'unknown codec version 1'],
    ['an unknown type ID', `0000 00000002${'00'.repeat(32)}`, 'unknown type ID 2'],
    ['trailing bytes', `0000 00000000${'00'.repeat(33)}`, '1 trailing byte'],
    ['a short hash', `0000 00000000${'00'.repeat(31)}`, 'hash needs 32 bytes, 31 left'],
    ['a payload length past the end', '0000 00000001 00000000 00000005 0a0b', 'payload needs 5 bytes, 2 left'],
  ])('refuses %s, naming the problem', (_case, bytes, problem) => {
    expect(() => parseWarpPayload(hex(bytes))).toThrow(InvalidWarpMessageError);
    expect(() => parseWarpPayload(hex(bytes))).toThrow(problem);
  });
});

describe('codec/pchainMessage', () => {
  // AG vms/platformvm/warp/message/payload_test.go, byte for byte.
  const vectors: [string, Uint8Array, PChainMessage][] = [
    [
      'SubnetToL1Conversion',
      Uint8Array.from([0, 0, 0, 0, 0, 0, ...run(1, 0x20)]),
      { type: 'SubnetToL1Conversion', conversionId: run(1, 0x20) },
    ],
    [
      'RegisterL1Validator',
      Uint8Array.from([
        0,
        0,
        0,
        0,
        0,
        1,
        ...run(1, 0x20),
        0,
        0,
        0,
        0x14,
        ...run(0x21, 0x34),
        ...run(0x35, 0x64),
        ...run(0x65, 0x6c),
        ...run(0x6d, 0x70),
        0,
        0,
        0,
        1,
        ...run(0x71, 0x84),
        ...run(0x85, 0x88),
        0,
        0,
        0,
        1,
        ...run(0x89, 0x9c),
        ...run(0x9d, 0xa4),
      ]),
      {
        type: 'RegisterL1Validator',
        subnetId: run(1, 0x20),
        nodeId: run(0x21, 0x34),
        blsPublicKey: run(0x35, 0x64),
        expiry: 0x65666768696a6b6cn,
        remainingBalanceOwner: { threshold: 0x6d6e6f70, addresses: [run(0x71, 0x84)] },
        disableOwner: { threshold: 0x85868788, addresses: [run(0x89, 0x9c)] },
        weight: 0x9d9e9fa0a1a2a3a4n,
      },
    ],
    [
      'L1ValidatorRegistration',
      Uint8Array.from([0, 0, 0, 0, 0, 2, ...run(1, 0x20), 0]),
      { type: 'L1ValidatorRegistration', validationId: run(1, 0x20), registered: false },
    ],
    [
      'L1ValidatorWeight',
      Uint8Array.from([0, 0, 0, 0, 0, 3, ...run(1, 0x20), ...run(0x21, 0x28), ...run(0x29, 0x30)]),
      {
        type: 'L1ValidatorWeight',
        validationId: run(1, 0x20),
        nonce: 0x2122232425262728n,
        weight: 0x292a2b2c2d2e2f30n,
      },
    ],
  ];

  it.each(vectors)('parses and re-encodes the published %s payload byte for byte', (_name, bytes, message) => {
    expect(parsePChainMessage(bytes)).toEqual(message);
    expect(toHex(encodePChainMessage(message))).toBe(toHex(bytes));
  });

  it('has the published sizes: 38, 122 + 20 + 20 × 2, 39 and 54 bytes', () => {
    expect(vectors.map(([, bytes]) => bytes.length)).toEqual([38, 182, 39, 54]);
  });

  it('refuses the published invalid message (ff ff ff ff) and a bool other than 0 or 1', () => {
    expect(() => parsePChainMessage(Uint8Array.from([255, 255, 255, 255]))).toThrow('unknown codec version 65535');
    const badBool = Uint8Array.from([0, 0, 0, 0, 0, 2, ...run(1, 0x20), 2]);
    expect(() => parsePChainMessage(badBool)).toThrow('registered must be 0x00 or 0x01, got 0x02');
  });
});

describe('codec/conversionData', () => {
  it('computes the conversionID of the published ConversionData (subnet_to_l1_conversion_test.go)', () => {
    const data = {
      subnetId: run(1, 0x20),
      managerChainId: run(0x21, 0x40),
      managerAddress: hex('41'),
      validators: [{ nodeId: run(0x42, 0x55), blsPublicKey: run(0x56, 0x85), weight: 0x868788898a8b8c8dn }],
    };
    const encoding = Uint8Array.from([
      0,
      0,
      ...run(1, 0x40),
      0,
      0,
      0,
      1,
      0x41,
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      0x14,
      ...run(0x42, 0x8d),
    ]);
    expect(encoding).toHaveLength(155);
    expect(toHex(conversionId(data))).toBe(toHex(sha256(encoding)));
    expect(toHex(conversionId(data))).toBe('755e8ef0aef324f39c0fdb7d35f9b06bda7f29d39867333772de698aecf79ac7');
  });
});

describe('codec/unsignedMessage', () => {
  const unsigned95 = `0000 00003039${'00'.repeat(32)}00000035 0000 00000001 00000000 00000027 0000 00000002 0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20 01`;

  it('encodes the §9.4 P-Chain message in 95 bytes with its published ID', () => {
    const inner = encodePChainMessage({
      type: 'L1ValidatorRegistration',
      validationId: run(1, 0x20),
      registered: true,
    });
    const payload = encodeWarpPayload({ kind: 'addressedCall', sourceAddress: new Uint8Array(0), payload: inner });
    const message = encodeUnsignedMessage({ networkId: 12345, sourceChainId: new Uint8Array(32), payload });
    expect(toHex(message.bytes)).toBe(unsigned95.replace(/ /g, ''));
    expect(toHex(message.id)).toBe('7d7784ec989d24577fb7319d5eff56cf958371df2be74d820df7eef9ddd672a4');
    expect(parseUnsignedMessage(message.bytes)).toEqual(message);
  });

  it('is 42 + payload bytes long, and refuses one byte more or less', () => {
    const bytes = hex(unsigned95);
    expect(bytes.length).toBe(42 + 0x35);
    expect(() => parseUnsignedMessage(bytes.subarray(0, -1))).toThrow('payload needs 53 bytes, 52 left');
    expect(() => parseUnsignedMessage(Uint8Array.from([...bytes, 0]))).toThrow('1 trailing byte');
  });

  it('gives the published IDs of the real messages of §9.5', () => {
    expect(toHex(parseSignedMessage(hex(dataApiSignedMessage)).unsigned.id)).toBe(
      'c276b9aa0598f40efcb9d8063bb6102150c42ae630df7bea080618646f7c4a70',
    );
    const register = parseSignedMessage(hex(avalanchejsRegisterL1ValidatorMessage)).unsigned;
    expect(toHex(register.id)).toBe('ddc8bd103aa96ccdd20f34abfcc2d40dfb1e7cb66314a8f7fec2ac461742d915');
    const call = parseWarpPayload(register.payload);
    if (call.kind !== 'addressedCall') throw new Error('expected an AddressedCall');
    expect(toHex(sha256(call.payload))).toBe('7e63e180982c2dd2bc250a6ed2fe8fc4c82fd9cc540fcc6bb3ad9f46fc6ab029');
    expect(parsePChainMessage(call.payload)).toMatchObject({
      type: 'RegisterL1Validator',
      weight: 20000n,
      expiry: 0x67d1ac31n,
    });
    const weight = parseSignedMessage(hex(avalanchejsL1ValidatorWeightMessage)).unsigned;
    expect(toHex(weight.id)).toBe('fdb30089be7689263d2735156f50555e171e29a977d270a59b481ae4ed0446c6');
  });
});

describe('codec/signerBitset', () => {
  it.each([
    [[0], '01'],
    [[0, 1, 3], '0b'],
    [[1, 2], '06'],
    [[8], '0100'],
    [[], ''],
  ])('encodes %j as the minimal big-endian bytes %s', (indices, bytes) => {
    expect(toHex(encodeSignerBitset(indices))).toBe(bytes);
    expect(decodeSignerBitset(fromHex(bytes))).toEqual(indices);
  });

  it('refuses a leading zero byte (the published invalid example 00 01)', () => {
    expect(() => decodeSignerBitset(Uint8Array.of(0, 1))).toThrow('leading zero byte');
  });
});

describe('codec/signedMessage', () => {
  it('reads the 1077-byte Data API example (signers 03) and re-encodes it byte for byte', () => {
    const bytes = hex(dataApiSignedMessage);
    const signed = parseSignedMessage(bytes);
    expect(bytes).toHaveLength(1077);
    expect(signed.unsigned.bytes).toHaveLength(972);
    expect(signed.unsigned.networkId).toBe(5);
    expect(toHex(signed.unsigned.sourceChainId)).toBe(
      '9f3be606497285d0ffbb5ac9ba24aa60346a9b1812479ed66cb329f394a4b1c7',
    );
    expect(signed.signerIndices).toEqual([0, 1]);
    const call = parseWarpPayload(signed.unsigned.payload);
    expect(call).toMatchObject({
      kind: 'addressedCall',
      sourceAddress: hex('253b2784c75e510dd0ff1da844684a1ac0aa5fcf'),
    });
    expect(toHex(encodeSignedMessage(signed.unsigned, signed.signerIndices, signed.signature))).toBe(toHex(bytes));
  });

  it('is the unsigned bytes ‖ 00000000 ‖ u32 signers length ‖ signers ‖ 96-byte signature', () => {
    const unsigned = parseSignedMessage(hex(avalanchejsL1ValidatorWeightMessage)).unsigned;
    const signature = new Uint8Array(96).fill(7);
    const bytes = encodeSignedMessage(unsigned, [1, 2], signature);
    expect(toHex(bytes.subarray(unsigned.bytes.length, unsigned.bytes.length + 9))).toBe('000000000000000106');
    expect(bytes).toHaveLength(unsigned.bytes.length + 104 + 1);
  });

  it('refuses an unknown signature type and a non-minimal signers bitset (00 01)', () => {
    const unsigned = parseSignedMessage(hex(avalanchejsL1ValidatorWeightMessage)).unsigned;
    const typed = encodeSignedMessage(unsigned, [0], new Uint8Array(96));
    typed.set([0, 0, 0, 1], unsigned.bytes.length);
    expect(() => parseSignedMessage(typed)).toThrow('unknown signature type 1');
    const padded = concatBytes(unsigned.bytes, u32(0), lengthPrefixed(Uint8Array.of(0, 1)), new Uint8Array(96));
    expect(() => parseSignedMessage(padded)).toThrow('leading zero byte');
  });

  it('refuses trailing bytes and a short signature', () => {
    const bytes = hex(avalanchejsL1ValidatorWeightMessage);
    expect(() => parseSignedMessage(Uint8Array.from([...bytes, 0]))).toThrow('1 trailing byte');
    expect(() => parseSignedMessage(bytes.subarray(0, -1))).toThrow('signature needs 96 bytes, 95 left');
  });
});

describe('codec/decodeMessageInput', () => {
  it('unwraps the Data API request example (SendWarpMessage log data) to the 972-byte message', () => {
    const data = hex(dataApiRequestMessage);
    expect(toHex(unwrapSendWarpLogData(data)!.subarray(0, 6))).toBe('000000000005');
    const message = decodeMessageInput(data);
    expect(message.bytes).toHaveLength(972);
    expect(toHex(message.id)).toBe('c276b9aa0598f40efcb9d8063bb6102150c42ae630df7bea080618646f7c4a70');
  });

  it('accepts the raw unsigned message as well', () => {
    const raw = parseSignedMessage(hex(dataApiSignedMessage)).unsigned.bytes;
    expect(cb58Encode(decodeMessageInput(raw).id)).toBe(
      cb58Encode(hex('c276b9aa0598f40efcb9d8063bb6102150c42ae630df7bea080618646f7c4a70')),
    );
  });

  it('names the problem of input that is neither form', () => {
    expect(() => decodeMessageInput(hex('0000'))).toThrow(/message: networkID needs 4 bytes, 0 left/);
    expect(() => decodeMessageInput(hex('0001'))).toThrow(/message: unknown codec version 1/);
    expect(() => decodeMessageInput(hex(dataApiSignedMessage))).toThrow(/message: 105 trailing bytes/);
  });
});

describe('codec/registrationJustification', () => {
  const subnetId = run(1, 0x20);
  it('encodes a conversion validator as field 1: 0a 22 0a 20 <subnetID> for index 0, … 10 03 for index 3', () => {
    expect(toHex(encodeRegistrationJustification({ kind: 'conversion', subnetId, index: 0 }))).toBe(
      `0a220a20${toHex(subnetId)}`,
    );
    expect(toHex(encodeRegistrationJustification({ kind: 'conversion', subnetId, index: 3 }))).toBe(
      `0a240a20${toHex(subnetId)}1003`,
    );
  });

  it('encodes a RegisterL1Validator payload as field 2: 12 <varint length> <bytes>', () => {
    const payload = new Uint8Array(182).fill(9);
    expect(toHex(encodeRegistrationJustification({ kind: 'registerMessage', payload }).subarray(0, 3))).toBe('12b601');
  });
});
