// The header members the EVM indexer keeps from a node's block (rpc/readAnswer.ts checks them,
// decode/decodeBlock.ts stores them): coreth's full set as a C-Chain node gives it, nothing invented
// for a node that gives fewer (null columns), and a malformed member is a MalformedAnswerError naming
// it, not a row. The anvil test (anvilChain.test.ts) checks the same against a real node.
import { decodeBlock } from '../../indexer/evm/decode/decodeBlock';
import { readBlock } from '../../indexer/evm/rpc/readAnswer';
import { MalformedAnswerError } from '../../shared/jsonRpc/rpcErrors';

const hash = (byte: string) => `0x${byte.repeat(32)}`;
/** A C-Chain block after Granite, without transactions, as coreth's eth_getBlockByNumber(n, true) gives it. */
const CORETH_BLOCK = {
  number: '0x43b5d80',
  hash: hash('ab'),
  parentHash: hash('cd'),
  timestamp: '0x6a1b2c3d',
  gasLimit: '0xe4e1c0',
  gasUsed: '0x0',
  baseFeePerGas: '0x5d21dba00',
  miner: '0x0100000000000000000000000000000000000000',
  transactions: [],
  stateRoot: hash('11'),
  transactionsRoot: hash('56'),
  receiptsRoot: hash('57'),
  extraData: `0x${'00'.repeat(30)}`,
  size: '0x2a1',
  blockExtraData: '0x',
  extDataHash: hash('58'),
  extDataGasUsed: '0x0',
  blockGasCost: '0x0',
  blobGasUsed: '0x0',
  excessBlobGas: '0x0',
  parentBeaconBlockRoot: hash('00'),
  timestampMilliseconds: '0x19e3f0a1f5e',
  minDelayExcess: '0x636f8a',
};
const rowOf = (block: Record<string, unknown>) =>
  decodeBlock(43114n, 'C', { block: readBlock(block), receipts: [], traces: [], balances: new Map() }).rows
    .EvmBlock[0]!;

describe('decodeBlock: header members', () => {
  test("a coreth block's members are stored as the node gave them (hashes and bytes as lower-case hex, quantities as decimals)", () => {
    const row = rowOf({ ...CORETH_BLOCK, stateRoot: CORETH_BLOCK.stateRoot.toUpperCase().replace('0X', '0x') });
    expect(row).toMatchObject({
      stateRoot: hash('11'),
      transactionsRoot: hash('56'),
      receiptsRoot: hash('57'),
      extraData: `0x${'00'.repeat(30)}`,
      size: 0x2a1n,
      blockExtraData: '0x',
      extDataHash: hash('58'),
      extDataGasUsed: '0',
      blockGasCost: '0',
      blobGasUsed: '0',
      excessBlobGas: '0',
      parentBeaconBlockRoot: hash('00'),
      timestampMilliseconds: 0x19e3f0a1f5en,
      minDelayExcess: String(0x636f8a),
    });
  });

  test('members a node does not give (another VM, an earlier upgrade) are null, not invented; so are members sent as null', () => {
    const absent = new Set([
      'blockExtraData',
      'extDataHash',
      'extDataGasUsed',
      'timestampMilliseconds',
      'minDelayExcess',
    ]);
    const subnetEvmBeforeGranite = Object.fromEntries(Object.entries(CORETH_BLOCK).filter(([key]) => !absent.has(key)));
    expect(rowOf({ ...subnetEvmBeforeGranite, blockGasCost: null })).toMatchObject({
      blockExtraData: null,
      extDataHash: null,
      extDataGasUsed: null,
      blockGasCost: null,
      timestampMilliseconds: null,
      minDelayExcess: null,
      stateRoot: hash('11'),
    });
  });

  test('a malformed member is refused, naming it: a short hash, bytes of odd length, a size beyond int8', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ stateRoot: '0x1234' }, 'block.stateRoot'],
      [{ extraData: '0xabc' }, 'block.extraData'],
      [{ size: `0x${'f'.repeat(16)}` }, 'block.size'],
      [{ minDelayExcess: 'seven' }, 'block.minDelayExcess'],
    ];
    for (const [change, field] of cases) {
      expect(() => readBlock({ ...CORETH_BLOCK, ...change })).toThrow(MalformedAnswerError);
      expect(() => readBlock({ ...CORETH_BLOCK, ...change })).toThrow(field);
    }
  });
});
