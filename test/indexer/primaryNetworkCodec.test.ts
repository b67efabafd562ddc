// Decoding bytes avalanchego itself produced (its codec test vector of a TransferSubnetOwnershipTx,
// amounts up to 2^64 - 1, stakeable-locked outputs, a custom asset) inside a P-Chain block, and the
// rows the indexer makes of it, checked against avalanchego's own JSON rendering of the transaction;
// and an X-Chain NFT mint laid out by hand after avalanchego's codec.
import { fromHex } from '../../avalanche/bytes';
import { nftOutputFields } from '../../avalanche/nftOutputFields';
import { sha256 } from '@noble/hashes/sha2.js';
import { NO_SUPPLY_TOTALS } from '../../domain';
import { utils } from '@avalabs/avalanchejs';
import { decodePChainBlock, decodeXChainBlock } from '../../indexer/primary-network/codec/decodePrimaryBlock';
import { NO_L1_FEES } from '../../indexer/primary-network/apply/txContext';
import { UNKNOWN_SUPPLY } from '../../indexer/primary-network/apply/supplyLedger';
import { prepareBlock } from '../../indexer/primary-network/follow/prepareBlock';
import { chainFacts } from '../../indexer/primary-network/follow/networkFacts';
import {
  TRANSFER_SUBNET_OWNERSHIP_JSON as JSON_VIEW,
  TRANSFER_SUBNET_OWNERSHIP_UNSIGNED,
} from '../fixtures/avalanchego/avalanchegoTxVectors';

// BanffStandardBlock (type 32): time, parent, height 7, one transaction: the unsigned bytes without
// their codec version, then no credentials.
const tx = Buffer.from(TRANSFER_SUBNET_OWNERSHIP_UNSIGNED, 'hex');
const block = Buffer.concat([
  Buffer.from('0000' + '00000020' + '0000000068000000', 'hex'),
  Buffer.alloc(32, 7),
  Buffer.from('0000000000000007' + '00000001', 'hex'),
  tx.subarray(2),
  Buffer.from('00000000', 'hex'),
]);
const noRows = { query: async () => [] as never[] };

describe('decodePChainBlock() on avalanchego codec bytes', () => {
  test('the block envelope and the transaction type', () => {
    const decoded = decodePChainBlock(block);
    expect([decoded.blockType, decoded.height, decoded.timestamp, decoded.txs.map((t) => t.txType)]).toEqual([
      'BanffStandardBlock',
      7n,
      0x68000000n,
      ['TransferSubnetOwnershipTx'],
    ]);
  });

  test('error: a block with bytes after its last transaction', () => {
    expect(() => decodePChainBlock(Buffer.concat([block, Buffer.from([0])]))).toThrow(
      'P-Chain block does not decode: 1 trailing bytes',
    );
  });
});

describe('prepareBlock() on avalanchego codec bytes', () => {
  test("outputs as avalanchego renders them: stakeable and platform locktimes, 2^64 - 1 exactly, a custom asset; the subnet's new owner", async () => {
    const { write } = await prepareBlock(
      {
        db: noRows,
        facts: chainFacts('MAINNET', 'P'),
        memory: {
          timestamp: 0n,
          proposal: null,
          supply: UNKNOWN_SUPPLY,
          nodeSupply: 0n,
          fees: NO_L1_FEES,
          totals: NO_SUPPLY_TOTALS,
        },
        rewardUtxos: async () => [],
      },
      decodePChainBlock(block),
    );
    const utxos = (write.rows?.Utxo ?? []) as readonly Record<string, unknown>[];
    const owners = (write.rows?.UtxoAddress ?? []) as readonly { utxoId: string; address: string }[];
    expect(
      utxos.map((u) => ({
        assetId: u.assetId,
        stakeableLocktime: u.stakeableLocktime,
        amount: u.amount,
        locktime: u.platformLocktime,
        threshold: u.threshold,
        addresses: owners.filter((o) => o.utxoId === u.utxoId).map((o) => o.address),
      })),
    ).toEqual(JSON_VIEW.outputs);
    expect(write.updates).toEqual([
      {
        model: 'Subnet',
        where: { network: 'MAINNET', subnetId: JSON_VIEW.subnetId },
        set: {
          ownerAddresses: JSON_VIEW.newOwner.addresses,
          threshold: JSON_VIEW.newOwner.threshold,
          locktime: JSON_VIEW.newOwner.locktime,
        },
      },
    ]);
  });
});

describe('prepareBlock() on an X-Chain OperationTx minting NFTs', () => {
  // Bytes laid out by hand after avalanchego's avm codec: an OperationTx (type 2) on fuji with an
  // empty BaseTx and one operation on NFT family F, spending F's mint output F:0 with an nftfx
  // MintOperation (type 12) of group 7, a payload and two owner groups; one nftfx credential (14).
  const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const u64 = (n: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(n);
    return b;
  };
  const sha = (bytes: Uint8Array) => Buffer.from(sha256(bytes));
  const X_CHAIN = '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm'; // Fuji's X-Chain
  const family = Buffer.alloc(32, 0x31);
  const payload = Buffer.from('{"name":"Summit Badge #1"}');
  const [a, b, c] = [Buffer.alloc(20, 0x0a), Buffer.alloc(20, 0x0b), Buffer.alloc(20, 0x0c)];
  const groups = [
    { locktime: 0n, threshold: 1, addresses: [a] },
    { locktime: 1_800_000_000n, threshold: 2, addresses: [b, c] },
  ];
  const ownerBytes = (g: (typeof groups)[number]) =>
    Buffer.concat([u64(g.locktime), u32(g.threshold), u32(g.addresses.length), ...g.addresses]);
  const unsigned = Buffer.concat([
    u16(0),
    u32(2),
    u32(5),
    Buffer.from(utils.base58check.decode(X_CHAIN)),
    u32(0),
    u32(0),
    u32(0),
    u32(1),
    family,
    u32(1),
    family,
    u32(0),
    u32(12),
    u32(1),
    u32(0),
    u32(7),
    u32(payload.length),
    payload,
    u32(groups.length),
    ...groups.map(ownerBytes),
  ]);
  const signed = Buffer.concat([unsigned, u32(1), u32(14), u32(1), Buffer.alloc(65, 0x5a)]);
  const txId = utils.base58check.encode(sha(signed));
  const block = Buffer.concat([
    u16(0),
    u32(20),
    Buffer.alloc(32, 0x98),
    u64(9n),
    u64(1_760_000_000n),
    Buffer.alloc(32),
    u32(1),
    signed.subarray(2),
  ]);
  // The mint output the operation spends, as the database holds it: its asset and its owners.
  const mintOutputStored = {
    query: async (sql: string) =>
      (sql.includes('FROM utxo') ? [{ asset_id: utils.base58check.encode(family), owners: [] }] : []) as never[],
  };

  test('one NFT output per owner group, numbered after the BaseTx outputs, carrying group and payload; one token each', async () => {
    const { write } = await prepareBlock(
      {
        db: mintOutputStored,
        facts: chainFacts('FUJI', 'X'),
        memory: {
          timestamp: 0n,
          proposal: null,
          supply: UNKNOWN_SUPPLY,
          nodeSupply: 0n,
          fees: NO_L1_FEES,
          totals: NO_SUPPLY_TOTALS,
        },
        rewardUtxos: async () => [],
      },
      decodeXChainBlock(block),
    );
    const utxos = (write.rows?.Utxo ?? []) as readonly Record<string, unknown>[];
    const owners = (write.rows?.UtxoAddress ?? []) as readonly { utxoId: string; address: string }[];
    const expected = groups.map((g, i) => {
      const bytes = Buffer.concat([
        u16(0),
        sha(signed),
        u32(i),
        family,
        u32(11),
        u32(7),
        u32(payload.length),
        payload,
        ownerBytes(g),
      ]);
      return {
        utxoId: utils.base58check.encode(sha(Buffer.concat([u64(BigInt(i)), sha(signed)]))),
        txHash: txId,
        outputIndex: i,
        assetId: utils.base58check.encode(family),
        amount: '1',
        threshold: g.threshold,
        platformLocktime: g.locktime,
        utxoBytes: `0x${Buffer.concat([bytes, sha(bytes).subarray(28)]).toString('hex')}`,
        addresses: g.addresses.map((address) => utils.formatBech32('fuji', address)),
      };
    });
    expect(
      utxos.map((u) => ({
        utxoId: u.utxoId,
        txHash: u.txHash,
        outputIndex: u.outputIndex,
        assetId: u.assetId,
        amount: u.amount,
        threshold: u.threshold,
        platformLocktime: u.platformLocktime,
        utxoBytes: u.utxoBytes,
        addresses: owners.filter((o) => o.utxoId === u.utxoId).map((o) => o.address),
      })),
    ).toEqual(expected);
    // What the official Utxo answers as groupId and payload, read back from the stored bytes.
    expect(utxos.map((u) => nftOutputFields(fromHex(u.utxoBytes as string)))).toEqual(
      groups.map(() => ({ groupId: 7, payload: `0x${payload.toString('hex')}` })),
    );
  });

  test("the family's mint output it used is consumed by the transaction", async () => {
    const { write } = await prepareBlock(
      {
        db: mintOutputStored,
        facts: chainFacts('FUJI', 'X'),
        memory: {
          timestamp: 0n,
          proposal: null,
          supply: UNKNOWN_SUPPLY,
          nodeSupply: 0n,
          fees: NO_L1_FEES,
          totals: NO_SUPPLY_TOTALS,
        },
        rewardUtxos: async () => [],
      },
      decodeXChainBlock(block),
    );
    const mintUtxoId = utils.base58check.encode(sha(Buffer.concat([u64(0n), family])));
    expect(write.updates).toContainEqual(
      expect.objectContaining({
        model: 'Utxo',
        where: { network: 'FUJI', utxoId: mintUtxoId },
        set: expect.objectContaining({ consumingTxHash: txId }),
      }),
    );
  });
});
