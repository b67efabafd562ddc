// The C-Chain's atomic transactions in coreth's byte format, written here field by field after
// coreth's atomic codec (plugin/evm/atomic: Tx{UnsignedAtomicTx, Creds}, UnsignedImportTx,
// UnsignedExportTx, EVMInput, EVMOutput; type IDs ImportTx 0, ExportTx 1, TransferInput 5,
// TransferOutput 7, Credential 9) and ExtractAtomicTxs (one signed transaction before Apricot Phase 5,
// a codec-encoded slice from it on). The expected IDs are SHA-256 of those bytes, computed here.
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, u16, u32, u64 } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { PUBLIC_NETWORKS } from '../../avalanche/networks';
import { atomicTxParts } from '../../avalanche/tx-codec/atomicTxParts';
import { APRICOT_PHASE_5, isAtomicBatch, readAtomicTxs } from '../../avalanche/tx-codec/readAtomicTxs';
import { SignedTxDecodeError } from '../../avalanche/tx-codec/readSignedTxs';

const fuji = PUBLIC_NETWORKS.FUJI;
const id = (text: string) => cb58Decode(text);
const fill = (length: number, value: number) => new Uint8Array(length).fill(value);
const list = (items: Uint8Array[]) => concatBytes(u32(items.length), ...items);
const credentials = (count: number) =>
  list(Array.from({ length: count }, (_, i) => concatBytes(u32(9), list([fill(65, 0x40 + i)]))));

const source = fill(32, 7);
const account = fill(20, 0xab);
const owner = fill(20, 0x11);

/** UnsignedImportTx: one secp256k1 TransferInput of 2 AVAX from the X-Chain, credited 1.99 AVAX to `account`. */
const importUnsigned = concatBytes(
  u32(0),
  u32(5),
  id(fuji.chains['c-chain']),
  id(fuji.chains['x-chain']),
  list([concatBytes(source, u32(3), id(fuji.avaxAssetId), u32(5), u64(2_000_000_000n), list([u32(0)]))]),
  list([concatBytes(account, u64(1_990_000_000n), id(fuji.avaxAssetId))]),
);
const importSigned = concatBytes(u16(0), importUnsigned, credentials(1));

/** UnsignedExportTx: 5 AVAX debited from `account` (nonce 4), 4.999 AVAX exported to the P-Chain for `owner`. */
const exportUnsigned = concatBytes(
  u32(1),
  u32(5),
  id(fuji.chains['c-chain']),
  id(fuji.chains['p-chain']),
  list([concatBytes(account, u64(5_000_000_000n), id(fuji.avaxAssetId), u64(4n))]),
  list([concatBytes(id(fuji.avaxAssetId), u32(7), u64(4_999_000_000n), u64(0n), u32(1), list([owner]))]),
);
const exportSigned = concatBytes(u16(0), exportUnsigned, credentials(1));

const idOf = (signed: Uint8Array) => cb58Encode(sha256(signed));
/** A signed transaction without its codec version: as a batch holds it. */
const inBatch = (signed: Uint8Array) => signed.subarray(2);

describe('readAtomicTxs', () => {
  test('single format (before Apricot Phase 5): the extra data is one signed ImportTx, its ID SHA-256 of the bytes', () => {
    const [tx, ...rest] = readAtomicTxs(importSigned, false);
    expect(rest).toEqual([]);
    expect(tx!.txType).toBe('ImportTx');
    expect(tx!.txId).toBe(idOf(importSigned));
    expect(tx!.bytes).toEqual(importSigned);
    const parts = atomicTxParts(tx!.txType, tx!.unsigned);
    expect(parts).toEqual({
      txType: 'ImportTx',
      blockchainId: fuji.chains['c-chain'],
      otherChainId: fuji.chains['x-chain'],
      evm: [{ address: `0x${'ab'.repeat(20)}`, assetId: fuji.avaxAssetId, amount: 1_990_000_000n }],
      utxos: [{ assetId: fuji.avaxAssetId, amount: 2_000_000_000n }],
      burned: new Map([[fuji.avaxAssetId, 10_000_000n]]),
    });
  });

  test('batch format (Apricot Phase 5 on): a count then each signed transaction, each ID over its own bytes with the version', () => {
    const extra = concatBytes(u16(0), u32(2), inBatch(exportSigned), inBatch(importSigned));
    const txs = readAtomicTxs(extra, true);
    expect(txs.map((t) => [t.txType, t.txId])).toEqual([
      ['ExportTx', idOf(exportSigned)],
      ['ImportTx', idOf(importSigned)],
    ]);
    const parts = atomicTxParts(txs[0]!.txType, txs[0]!.unsigned);
    expect(parts.otherChainId).toBe(fuji.chains['p-chain']);
    expect(parts.evm).toEqual([
      { address: `0x${'ab'.repeat(20)}`, assetId: fuji.avaxAssetId, amount: 5_000_000_000n, nonce: 4n },
    ]);
    expect(parts.utxos).toEqual([{ assetId: fuji.avaxAssetId, amount: 4_999_000_000n }]);
    expect(parts.burned.get(fuji.avaxAssetId)).toBe(1_000_000n);
  });

  test('a batch of one is read as a batch, not as the single format', () => {
    const extra = concatBytes(u16(0), u32(1), inBatch(exportSigned));
    expect(readAtomicTxs(extra, true).map((t) => t.txId)).toEqual([idOf(exportSigned)]);
    expect(() => readAtomicTxs(extra, false)).toThrow(SignedTxDecodeError);
  });

  test('empty extra data holds no transaction', () => {
    expect(readAtomicTxs(new Uint8Array(0), true)).toEqual([]);
    expect(readAtomicTxs(new Uint8Array(0), false)).toEqual([]);
  });

  test('error: an empty batch, trailing bytes, a truncated transaction, another codec version', () => {
    expect(() => readAtomicTxs(concatBytes(u16(0), u32(0)), true)).toThrow(/no atomic transactions/);
    expect(() => readAtomicTxs(concatBytes(importSigned, fill(1, 0)), false)).toThrow(/trailing byte/);
    expect(() => readAtomicTxs(importSigned.subarray(0, importSigned.length - 10), false)).toThrow(SignedTxDecodeError);
    expect(() => readAtomicTxs(concatBytes(u16(0), u32(2), inBatch(importSigned)), true)).toThrow(SignedTxDecodeError);
    expect(() => readAtomicTxs(concatBytes(u16(1), importSigned.subarray(2)), false)).toThrow(/codec version 1/);
  });
});

describe('isAtomicBatch', () => {
  test('Apricot Phase 5: mainnet 2021-12-02 18:00 UTC, fuji 2021-11-24 15:00 UTC (avalanchego upgrade.go)', () => {
    expect(APRICOT_PHASE_5.MAINNET).toBe(1638468000n);
    expect(APRICOT_PHASE_5.FUJI).toBe(1637766000n);
    expect(isAtomicBatch('MAINNET', 1638467999n)).toBe(false);
    expect(isAtomicBatch('MAINNET', 1638468000n)).toBe(true);
  });
});
