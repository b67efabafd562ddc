// The header members the demo generator gives its blocks (demo-data/evm/blockHeader.ts) against
// what a node gives for such blocks: `size` is the length of the block's RLP encoding (encoded here
// in full with viem's RLP encoder, in coreth's and subnet-evm's field orders), empty blocks have the
// empty trie's roots and keep the state, coreth's extra data is an ACP-176 state whose price is the
// base fee, Granite's millisecond times keep the minimum delay their delay excess sets.
import { keccak256, numberToHex, toRlp, type Hex } from 'viem';
import { EMPTY_TRIE_ROOT, createHeaderWriter, type GeneratedBlock } from '../../demo-data/evm/blockHeader';
import { EVM_CHAINS, type EvmChainSpec } from '../../demo-data/evm/chains';
import { pseudoSignature } from '../../demo-data/evm/pseudoSignature';
import type { RowOf } from '../../prisma/write';

const spec = (key: EvmChainSpec['key']) => EVM_CHAINS.find((c) => c.key === key)!;
const ZERO = `0x${'00'.repeat(32)}` as Hex;
const q = (value: bigint | number | string): Hex => (BigInt(value) === 0n ? '0x' : numberToHex(BigInt(value)));
const bytes = (value: Uint8Array): Hex => `0x${Buffer.from(value).toString('hex')}`;
/** Demo time: after Granite on both networks. */
const T0 = 1_790_000_000;

/** gas.CalculatePrice (avalanchego vms/components/gas): the fake exponential of ACP-176 and ACP-226. */
function calculatePrice(minPrice: bigint, excess: bigint, k: bigint): bigint {
  let output = 0n;
  let accumulator = minPrice * k;
  for (let i = 1n; accumulator > 0n; i++) {
    output += accumulator;
    accumulator = (accumulator * excess) / k / i;
  }
  return output / k;
}

function transaction(
  chainId: bigint,
  i: number,
  type: 0 | 2,
  input: Uint8Array,
  to: string | null,
): RowOf<'EvmTransaction'> {
  const txHash = keccak256(new TextEncoder().encode(`tx/${chainId}/${i}`));
  return {
    chainId,
    txHash,
    blockNumber: 1n,
    blockIndex: i,
    from: `0x${'11'.repeat(20)}`,
    to,
    value: (10n ** 18n + BigInt(i)).toString(),
    gasLimit: '90000',
    gasUsed: '21000',
    gasPrice: '26000000000',
    maxFeePerGas: type === 2 ? '50000000000' : null,
    maxPriorityFeePerGas: type === 2 ? '1000000000' : null,
    nonce: BigInt(i * 300),
    txType: type,
    status: 1,
    input: bytes(input),
    methodHash: null,
    contractAddress: null,
    ...pseudoSignature(txHash, chainId, type),
  };
}

/** A transaction as a block body holds it: a legacy one as its RLP list, a typed one as the string type ‖ payload (EIP-2718). */
function encodeTransaction(tx: RowOf<'EvmTransaction'>, chainId: bigint): Hex | Hex[] {
  const common = [q(tx.gasLimit as string), (tx.to ?? '0x') as Hex, q(tx.value as string), tx.input as Hex];
  const signature = [q(tx.sigV as string), q(tx.sigR as string), q(tx.sigS as string)];
  if (tx.txType === 0) return [q(tx.nonce as bigint), q(tx.gasPrice as string), ...common, ...signature];
  const payload = toRlp([
    q(chainId),
    q(tx.nonce as bigint),
    q(tx.maxPriorityFeePerGas as string),
    q(tx.maxFeePerGas as string),
    ...common,
    [],
    ...signature,
  ]);
  return `0x02${payload.slice(2)}`;
}

/** The whole block, as coreth or subnet-evm encodes it, from the members the writer gave. */
function encodeBlock(
  block: GeneratedBlock,
  members: ReturnType<ReturnType<typeof createHeaderWriter>>,
  coreth: boolean,
  chainId: bigint,
): Hex {
  const header: (Hex | Hex[])[] = [
    ZERO,
    ZERO,
    `0x${'01'.padEnd(40, '0')}`,
    members.stateRoot as Hex,
    members.transactionsRoot as Hex,
    members.receiptsRoot as Hex,
    `0x${'00'.repeat(256)}`,
    q(1),
    q(block.number),
    q(block.gasLimit),
    q(block.gasUsed),
    q(block.timestamp),
    members.extraData as Hex,
    ZERO,
    `0x${'00'.repeat(8)}`,
  ];
  if (coreth) header.push(members.extDataHash as Hex);
  header.push(q(block.baseFee));
  if (coreth) header.push(q(members.extDataGasUsed as string));
  header.push(
    q(members.blockGasCost as string),
    q(members.blobGasUsed as string),
    q(members.excessBlobGas as string),
    members.parentBeaconBlockRoot as Hex,
  );
  if (members.timestampMilliseconds != null)
    header.push(q(members.timestampMilliseconds as bigint), q(members.minDelayExcess as string));
  const body = [header, block.transactions.map((t) => encodeTransaction(t, chainId)), []] as unknown[];
  if (coreth) body.push('0x', '0x');
  return toRlp(body as never);
}

function sampleBlocks(chainId: bigint): GeneratedBlock[] {
  const call = new Uint8Array(68).fill(7);
  call[0] = 0xa9;
  const deploy = new Uint8Array(2_000).fill(0x60);
  const txs = [
    transaction(chainId, 0, 0, new Uint8Array(0), `0x${'22'.repeat(20)}`),
    transaction(chainId, 1, 2, call, `0x${'33'.repeat(20)}`),
    transaction(chainId, 2, 2, deploy, null),
  ];
  return [
    {
      number: 1n,
      timestamp: T0,
      gasLimit: 15_000_000n,
      gasUsed: 63_000n,
      baseFee: 25_000_000_000n,
      transactions: txs,
      logCount: 2,
    },
    {
      number: 2n,
      timestamp: T0 + 1,
      gasLimit: 15_000_000n,
      gasUsed: 0n,
      baseFee: 24_000_000_000n,
      transactions: [],
      logCount: 0,
    },
    {
      number: 3n,
      timestamp: T0 + 3,
      gasLimit: 15_000_000n,
      gasUsed: 21_000n,
      baseFee: 1_000_000_000n,
      transactions: txs.slice(0, 1),
      logCount: 0,
    },
  ];
}

describe('demo EVM block header members', () => {
  test("size is the length of the block's RLP encoding, on coreth and on subnet-evm", () => {
    for (const key of ['c-chain', 'kestrel'] as const) {
      const chain = spec(key);
      const header = createHeaderWriter(chain);
      for (const block of sampleBlocks(chain.chainId)) {
        const members = header(block);
        expect([key, block.number, members.size]).toEqual([
          key,
          block.number,
          BigInt((encodeBlock(block, members, chain.vm === 'coreth', chain.chainId).length - 2) / 2),
        ]);
      }
    }
  });

  test("a block without transactions has the empty trie's roots and its parent's state root; one with transactions does not", () => {
    const header = createHeaderWriter(spec('nimbus'));
    const [full, empty] = sampleBlocks(202611n).map((block) => header(block));
    expect([empty!.transactionsRoot, empty!.receiptsRoot]).toEqual([EMPTY_TRIE_ROOT, EMPTY_TRIE_ROOT]);
    expect(EMPTY_TRIE_ROOT).toBe(keccak256(toRlp('0x')));
    expect(empty!.stateRoot).toBe(full!.stateRoot);
    expect([full!.transactionsRoot, full!.receiptsRoot]).not.toContain(EMPTY_TRIE_ROOT);
  });

  test('coreth: atomic-data members of a block without atomic transactions, extra data = ACP-176 state (price = base fee) + empty predicate results', () => {
    const header = createHeaderWriter(spec('c-chain'));
    for (const block of sampleBlocks(43114n)) {
      const members = header(block);
      expect([members.blockExtraData, members.extDataHash, members.extDataGasUsed]).toEqual([
        '0x',
        keccak256(toRlp('0x')),
        '0',
      ]);
      const extra = Buffer.from(members.extraData!.slice(2), 'hex');
      expect(extra.length).toBe(24 + 6);
      expect(extra.subarray(24).equals(Buffer.alloc(6))).toBe(true);
      const [capacity, excess, targetExcess] = [0, 8, 16].map((at) => extra.readBigUInt64BE(at));
      const target = calculatePrice(1_000_000n, targetExcess!, 1024n * 32768n);
      expect(target * 10n).toBe(block.gasLimit);
      expect(capacity! <= target * 10n - block.gasUsed).toBe(true);
      const price = calculatePrice(1n, excess!, target * 87n);
      expect(Number(price) / Number(block.baseFee)).toBeCloseTo(1, 3);
    }
  });

  test("subnet-evm: no atomic-data members; extra data = ten seconds of gas (this block's last) + empty predicate results", () => {
    const header = createHeaderWriter(spec('kestrel'));
    const [first, second, third] = sampleBlocks(737373n).map((block) => ({ block, members: header(block) }));
    for (const { members } of [first!, second!, third!])
      expect([members.blockExtraData, members.extDataHash, members.extDataGasUsed]).toEqual([null, null, null]);
    const window = (m: typeof first) =>
      [...Array(10).keys()].map((i) => Buffer.from(m!.members.extraData!.slice(2), 'hex').readBigUInt64BE(i * 8));
    expect(window(first).at(-1)).toBe(63_000n);
    expect(window(second).slice(-2)).toEqual([63_000n, 0n]);
    expect(window(third).slice(-4)).toEqual([63_000n, 0n, 0n, 21_000n]);
  });

  test("Granite: no block gas cost or blobs, the time in milliseconds inside the block's second, a minimum delay the blocks keep", () => {
    const header = createHeaderWriter(spec('fuji-c-chain'));
    const blocks = sampleBlocks(43113n);
    const members = blocks.map((block) => header(block));
    const delay = calculatePrice(1n, BigInt(members[0]!.minDelayExcess as string), 1n << 20n);
    expect(delay).toBe(500n);
    members.forEach((m, i) => {
      expect([m.blockGasCost, m.blobGasUsed, m.excessBlobGas, m.parentBeaconBlockRoot]).toEqual(['0', '0', '0', ZERO]);
      expect((m.timestampMilliseconds as bigint) / 1000n).toBe(BigInt(blocks[i]!.timestamp));
      if (i > 0)
        expect((m.timestampMilliseconds as bigint) - (members[i - 1]!.timestampMilliseconds as bigint) >= delay).toBe(
          true,
        );
    });
  });

  test('before Granite: the block gas cost follows the step rule, and there are no millisecond members', () => {
    const header = createHeaderWriter(spec('c-chain'));
    const before = 1_700_000_000;
    const costs = [0, 1, 4, 5].map((dt, i) =>
      header({
        number: BigInt(i + 1),
        timestamp: before + dt,
        gasLimit: 15_000_000n,
        gasUsed: 0n,
        baseFee: 25n * 10n ** 9n,
        transactions: [],
        logCount: 0,
      }),
    );
    expect(costs.map((m) => m.blockGasCost)).toEqual(['0', '200000', '0', '200000']);
    expect(costs.map((m) => [m.timestampMilliseconds, m.minDelayExcess])).toEqual(costs.map(() => [null, null]));
  });

  test('the same blocks give the same members (no random draws)', () => {
    const run = () => {
      const header = createHeaderWriter(spec('c-chain'));
      return sampleBlocks(43114n).map((block) => header(block));
    };
    expect(run()).toEqual(run());
  });
});
