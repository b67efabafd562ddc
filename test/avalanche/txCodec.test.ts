import { sha256 } from '@noble/hashes/sha2.js';
import { TypeSymbols } from '@avalabs/avalanchejs';
import { concatBytes, fromHex, toHex } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { chainCodec, fromFields } from '../../avalanche/tx-codec/chainCodecs';
import { decodeSignedTx, SignedTxDecodeError } from '../../avalanche/tx-codec/readSignedTxs';
import { utxoIdOf } from '../../avalanche/tx-codec/utxoIdOf';
import { NETWORKS, PRIMARY_NETWORK_ID, VM_IDS } from '../../demo-data/constants';
import {
  convertSubnetToL1Tx,
  disableL1ValidatorTx,
  increaseL1ValidatorBalanceTx,
  registerL1ValidatorTx,
  setL1ValidatorWeightTx,
} from '../../demo-data/primary-network/l1Txs';
import {
  addPermissionlessDelegatorTx,
  addPermissionlessValidatorTx,
  addSubnetValidatorTx,
  createChainTx,
  createSubnetTx,
  removeSubnetValidatorTx,
  rewardValidatorTx,
  transferSubnetOwnershipTx,
  type BuiltTx,
} from '../../demo-data/primary-network/pchainTxs';
import { baseTx, exportTx, importTx } from '../../demo-data/primary-network/transferTxs';
import { createAssetTx, nftMintTx, xBaseTx, xExportTx, xImportTx } from '../../demo-data/primary-network/xchainTxs';
import { createRandom } from '../../demo-data/random';
import { demoValidatorCredentials } from '../../demo-data/validatorKeys';

const info = NETWORKS.fuji;
const ctx = { networkId: info.networkId, avaxAssetId: info.avaxAssetId, rng: createRandom('tx-codec-test') };
const xCtx = { ...ctx, xChainId: info.xChainId };
const owners = { locktime: 0n, threshold: 1, addresses: [new Uint8Array(20).fill(5), new Uint8Array(20).fill(2)] };
const id = (fill: number) => cb58Encode(new Uint8Array(32).fill(fill));
const nodeId = `NodeID-${cb58Encode(new Uint8Array(20).fill(3))}`;
const output = (amount: bigint, stakeableLocktime?: bigint) => ({
  assetId: info.avaxAssetId,
  amount,
  owners,
  ...(stakeableLocktime ? { stakeableLocktime } : {}),
});
const input = (fill: number, amount: bigint) => ({ txId: id(fill), outputIndex: 1, assetId: info.avaxAssetId, amount });
const staker = { nodeId, start: 1_700_000_000n, end: 1_701_000_000n, weight: 2_000_000_000_000n };
const key = demoValidatorCredentials('fuji', 1);
const message = new Uint8Array([0, 0, 0, 0, 0, 5, 1, 2, 3]);

/** One transaction of every kind the demo generator writes, with the chain whose codec reads it. */
const demoTxs: [BuiltTx, 'P' | 'X'][] = [
  [createSubnetTx(ctx, owners, 'memo'), 'P'],
  [createChainTx(ctx, id(1), 'Chain', VM_IDS.subnetevm, new Uint8Array([1, 2])), 'P'],
  [transferSubnetOwnershipTx(ctx, id(1), owners), 'P'],
  [
    addPermissionlessValidatorTx(ctx, staker, key, [output(staker.weight, 1_800_000_000n)], owners, 20_000, [
      input(6, 5n),
    ]),
    'P',
  ],
  [addPermissionlessDelegatorTx(ctx, staker, [output(25n * 10n ** 9n)], owners), 'P'],
  [addSubnetValidatorTx(ctx, staker, id(1)), 'P'],
  [removeSubnetValidatorTx(ctx, nodeId, id(1)), 'P'],
  [rewardValidatorTx(id(4)), 'P'],
  [baseTx(ctx, [output(7n)], [input(9, 3n)]), 'P'],
  [exportTx(ctx, info.cChainId, [output(8n)]), 'P'],
  [importTx(ctx, info.xChainId, [input(10, 9n)], [output(8n)]), 'P'],
  [
    convertSubnetToL1Tx(ctx, id(1), info.cChainId, '0x0feedc0de0000000000000000000000000000000', [
      {
        nodeId,
        weight: 100n,
        balance: 10n ** 9n,
        publicKey: key.publicKey,
        proofOfPossession: key.proofOfPossession,
        owners,
      },
    ]),
    'P',
  ],
  [registerL1ValidatorTx(ctx, 10n ** 9n, key.proofOfPossession, message), 'P'],
  [setL1ValidatorWeightTx(ctx, message), 'P'],
  [increaseL1ValidatorBalanceTx(ctx, id(7), 10n ** 9n), 'P'],
  [disableL1ValidatorTx(ctx, id(7)), 'P'],
  [xBaseTx(xCtx, [output(7n)]), 'X'],
  [xExportTx(xCtx, PRIMARY_NETWORK_ID, [output(7n)]), 'X'],
  [xImportTx(xCtx, PRIMARY_NETWORK_ID, [input(11, 9n)], [output(8n)]), 'X'],
  [createAssetTx(xCtx, { name: 'Frost', symbol: 'FRST', denomination: 9, nft: false }, [[owners, 10n ** 15n]]), 'X'],
  [createAssetTx(xCtx, { name: 'Tiles', symbol: 'TILE', denomination: 0, nft: true }, [[owners, 0n]]), 'X'],
  [nftMintTx(xCtx, id(12), { txId: id(12), outputIndex: 0 }, 0, new Uint8Array([9, 9]), owners), 'X'],
];

describe('tx-codec/decodeSignedTx', () => {
  test.each(demoTxs.map(([tx, chain]) => [`${chain}-Chain ${tx.txType}`, tx, chain] as const))(
    "reads the demo generator's %s whole, with its ID and type",
    (_name, tx, chain) => {
      const decoded = decodeSignedTx(tx.bytes, chain);
      expect({ txId: decoded.txId, txType: decoded.txType }).toEqual({ txId: tx.txId, txType: tx.txType });
      expect(decoded.bytes).toEqual(tx.bytes);
    },
  );

  test("keeps a validator's proof of possession as stored, without checking it again (the node did)", () => {
    const [tx] = demoTxs[3]!;
    const proof = concatBytes(fromHex(key.publicKey), fromHex(key.proofOfPossession));
    const at = Buffer.from(tx.bytes).indexOf(Buffer.from(proof));
    expect(at).toBeGreaterThan(0);
    const altered = tx.bytes.slice();
    altered[at + proof.length - 1]! ^= 0xff;
    const decoded = decodeSignedTx(altered, 'P');
    const signer = (
      decoded.unsigned as unknown as { signer: { proof: { publicKey: Uint8Array; signature: Uint8Array } } }
    ).signer.proof;
    expect({ publicKey: toHex(signer.publicKey), signature: toHex(signer.signature) }).toEqual({
      publicKey: toHex(altered.subarray(at, at + 48)),
      signature: toHex(altered.subarray(at + 48, at + proof.length)),
    });
    expect(decoded.txId).toBe(cb58Encode(sha256(altered)));
  });

  test("refuses another codec version, trailing bytes, a cut transaction and another chain's codec", () => {
    const [tx] = demoTxs[12]!;
    expect(() => decodeSignedTx(concatBytes(new Uint8Array([0, 1]), tx.bytes.subarray(2)), 'P')).toThrow(
      'unknown codec version 1, expected 0',
    );
    expect(() => decodeSignedTx(concatBytes(tx.bytes, new Uint8Array(2)), 'P')).toThrow(
      '2 trailing bytes after the transaction',
    );
    expect(() => decodeSignedTx(tx.bytes.subarray(0, -10), 'P')).toThrow(
      'not a P-Chain transaction: incorrect number of bytes for signature',
    );
    // avalanchejs alone reads a credential count cut to 3 bytes as 0: only encoding it back shows the cut.
    const [reward] = demoTxs[7]!;
    expect(() => decodeSignedTx(reward.bytes.subarray(0, -1), 'P')).toThrow(
      'the transaction is truncated or not in canonical form',
    );
    expect(() => decodeSignedTx(tx.bytes.subarray(0, 40), 'P')).toThrow(SignedTxDecodeError);
    expect(() => decodeSignedTx(tx.bytes, 'X')).toThrow(SignedTxDecodeError);
  });
});

describe('tx-codec/utxoIdOf', () => {
  test('hashes the output index (uint64) before the transaction ID', () => {
    const txId = id(8);
    const packed = new Uint8Array(40);
    packed[7] = 2;
    packed.set(cb58Decode(txId), 8);
    expect(utxoIdOf(txId, 2)).toBe(cb58Encode(sha256(packed)));
  });
});

describe('tx-codec/fromFields', () => {
  test('builds an object of an unexported type from its fields, and refuses fields of another length', () => {
    const staker = cb58Decode(id(4));
    const tx = fromFields('P', TypeSymbols.RewardValidatorTx, staker);
    expect(toHex(chainCodec('P').PackPrefix(tx))).toBe(`00000014${toHex(staker)}`);
    expect(() => fromFields('P', TypeSymbols.RewardValidatorTx, concatBytes(staker, new Uint8Array(1)))).toThrow(
      '1 bytes left after its fields',
    );
    expect(() => fromFields('X', TypeSymbols.RewardValidatorTx, staker)).toThrow(
      'the X-Chain codec has no type pvm.RewardValidatorTx',
    );
  });
});
