// Decoding bytes avalanchego itself produced (its codec test vector of a TransferSubnetOwnershipTx,
// amounts up to 2^64 - 1, stakeable-locked outputs, a custom asset) inside a P-Chain block, and the
// rows the indexer makes of it, checked against avalanchego's own JSON rendering of the transaction.
import { decodePChainBlock } from '../../indexer/primary-network/codec/decodePrimaryBlock';
import { prepareBlock } from '../../indexer/primary-network/follow/prepareBlock';
import { chainFacts } from '../../indexer/primary-network/follow/networkFacts';
import { TRANSFER_SUBNET_OWNERSHIP_JSON as JSON_VIEW, TRANSFER_SUBNET_OWNERSHIP_UNSIGNED } from '../fixtures/avalanchego/avalanchegoTxVectors';

// BanffStandardBlock (type 32): time, parent, height 7, one transaction: the unsigned bytes without
// their codec version, then no credentials.
const tx = Buffer.from(TRANSFER_SUBNET_OWNERSHIP_UNSIGNED, 'hex');
const block = Buffer.concat([
  Buffer.from('0000' + '00000020' + '0000000068000000', 'hex'), Buffer.alloc(32, 7), Buffer.from('0000000000000007' + '00000001', 'hex'),
  tx.subarray(2), Buffer.from('00000000', 'hex'),
]);
const noRows = { query: async () => [] as never[] };

describe('decodePChainBlock() on avalanchego codec bytes', () => {
  test('the block envelope and the transaction type', () => {
    const decoded = decodePChainBlock(block);
    expect([decoded.blockType, decoded.height, decoded.timestamp, decoded.txs.map((t) => t.txType)]).toEqual(['BanffStandardBlock', 7n, 0x68000000n, ['TransferSubnetOwnershipTx']]);
  });

  test('error: a block with bytes after its last transaction', () => {
    expect(() => decodePChainBlock(Buffer.concat([block, Buffer.from([0])]))).toThrow('P-Chain block does not decode: 1 trailing bytes');
  });
});

describe('prepareBlock() on avalanchego codec bytes', () => {
  test('outputs as avalanchego renders them: stakeable and platform locktimes, 2^64 - 1 exactly, a custom asset; the subnet\'s new owner', async () => {
    const { write } = await prepareBlock({ db: noRows, facts: chainFacts('MAINNET', 'P'), memory: { timestamp: 0n, proposal: null, supply: 0n }, rewardUtxos: async () => [] }, decodePChainBlock(block));
    const utxos = (write.rows?.Utxo ?? []) as readonly Record<string, unknown>[];
    const owners = (write.rows?.UtxoAddress ?? []) as readonly { utxoId: string; address: string }[];
    expect(utxos.map((u) => ({
      assetId: u.assetId, stakeableLocktime: u.stakeableLocktime, amount: u.amount, locktime: u.platformLocktime, threshold: u.threshold,
      addresses: owners.filter((o) => o.utxoId === u.utxoId).map((o) => o.address),
    }))).toEqual(JSON_VIEW.outputs);
    expect(write.updates).toEqual([{ model: 'Subnet', where: { network: 'MAINNET', subnetId: JSON_VIEW.subnetId }, set: {
      ownerAddresses: JSON_VIEW.newOwner.addresses, threshold: JSON_VIEW.newOwner.threshold, locktime: JSON_VIEW.newOwner.locktime,
    } }]);
  });
});
