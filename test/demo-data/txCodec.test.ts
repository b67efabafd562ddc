import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { NETWORKS, PRIMARY_NETWORK_ID } from '../../demo-data/constants';
import { convertSubnetToL1Tx } from '../../demo-data/primary-network/l1Txs';
import { createSubnetTx, rewardValidatorTx } from '../../demo-data/primary-network/pchainTxs';
import { encodeOutput, utxoBytesOf } from '../../demo-data/primary-network/txCodec';
import { createRandom } from '../../demo-data/random';
import { demoValidatorCredentials } from '../../demo-data/validatorKeys';

const ctx = { networkId: 1, avaxAssetId: NETWORKS.mainnet.avaxAssetId, rng: createRandom('codec-test') };
const owners = { locktime: 0n, threshold: 1, addresses: [new Uint8Array(20).fill(5)] };

describe('primary-network/txCodec', () => {
  test('the transaction ID is cb58 of sha256 of the signed bytes', () => {
    const tx = createSubnetTx(ctx, owners);
    expect(tx.txId).toBe(cb58Encode(sha256(tx.bytes)));
    expect(toHex(tx.bytes.subarray(0, 6))).toBe('000000000010');
  });

  test('ConvertSubnetToL1Tx has type ID 0x23 and embeds the validator proof of possession', () => {
    const key = demoValidatorCredentials('mainnet', 1);
    const tx = convertSubnetToL1Tx(
      ctx,
      cb58Encode(new Uint8Array(32).fill(1)),
      NETWORKS.mainnet.cChainId,
      '0x0feedc0de0000000000000000000000000000000',
      [
        {
          nodeId: `NodeID-${cb58Encode(new Uint8Array(20).fill(3))}`,
          weight: 100n,
          balance: 10n ** 9n,
          publicKey: key.publicKey,
          proofOfPossession: key.proofOfPossession,
          owners,
        },
      ],
    );
    expect(toHex(tx.bytes.subarray(0, 6))).toBe('000000000023');
    expect(toHex(tx.bytes)).toContain(key.proofOfPossession.slice(2));
  });

  test('RewardValidatorTx is the staker transaction ID and no credentials', () => {
    const staker = cb58Encode(new Uint8Array(32).fill(4));
    const tx = rewardValidatorTx(staker);
    expect(toHex(tx.bytes)).toBe(`000000000014${toHex(cb58Decode(staker))}00000000`);
  });

  test('utxoBytesOf() is codec version, UTXO ID, output and a 4-byte checksum', () => {
    const output = { assetId: NETWORKS.mainnet.avaxAssetId, amount: 5n, owners };
    const hex = utxoBytesOf(PRIMARY_NETWORK_ID, 0, output);
    expect(hex.startsWith('0x0000')).toBe(true);
    expect((hex.length - 2) / 2).toBe(2 + 32 + 4 + encodeOutput(output).length + 4);
  });
});
