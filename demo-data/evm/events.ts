// The event logs of the demo's transactions, with their real signatures (topic 0), indexed
// arguments (topics 1-3) and ABI-encoded data: token standards (ERC-20/721/1155 Transfer and
// Approval), the DEX pools (Sync, Swap, PairCreated), the marketplace and the launcher. The
// signatures of Warp, Teleporter and ICTT are here too; their logs are built in icmEvents.ts.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toHex } from '../../avalanche/bytes';
import { SIGNATURES, selector } from './abi';
import { abi, encodeAbi, type AbiValue } from './abiEncode';

/** One log as emitted. */
export type EmittedLog = { address: string; topics: string[]; data: Uint8Array };

/**
 * A log in a transaction draft: complete, or finished once every chain is generated (Teleporter
 * logs: the message they carry is known only when both chains have placed their transactions).
 * `late` runs when the transaction is applied, with its sender, and returns the finisher.
 */
export type LogDraft = EmittedLog | { address: string; late: (tx: { from: string }) => () => EmittedLog };

const encoder = new TextEncoder();

/**
 * Topic 0 of an event: keccak-256 of its canonical signature.
 * @param signature e.g. `Transfer(address,address,uint256)`
 * @returns `0x` + 64 hex
 * @example eventTopic('Transfer(address,address,uint256)') // '0xddf252ad…'
 */
export function eventTopic(signature: string): string {
  return `0x${toHex(keccak_256(encoder.encode(signature)))}`;
}

/** Event signatures the demo emits. */
export const EVENTS = {
  transfer: 'Transfer(address,address,uint256)',
  approval: 'Approval(address,address,uint256)',
  transferSingle: 'TransferSingle(address,address,address,uint256,uint256)',
  transferBatch: 'TransferBatch(address,address,address,uint256[],uint256[])',
  sync: 'Sync(uint112,uint112)',
  swap: 'Swap(address,uint256,uint256,uint256,uint256,address)',
  pairCreated: 'PairCreated(address,address,address,uint256)',
  sale: 'Sale(address,uint256,address,address,uint256)',
  tokenLaunched: 'TokenLaunched(address,address,string,string,uint256)',
  sendWarpMessage: 'SendWarpMessage(address,bytes32,bytes)',
  sendCrossChainMessage:
    'SendCrossChainMessage(bytes32,bytes32,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes),(address,uint256))',
  receiveCrossChainMessage:
    'ReceiveCrossChainMessage(bytes32,bytes32,address,address,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes))',
  messageExecuted: 'MessageExecuted(bytes32,bytes32)',
  messageExecutionFailed:
    'MessageExecutionFailed(bytes32,bytes32,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes))',
  receiptReceived: 'ReceiptReceived(bytes32,bytes32,address,(address,uint256))',
  tokensSent: 'TokensSent(bytes32,address,(bytes32,address,address,address,uint256,uint256,uint256,address),uint256)',
  tokensWithdrawn: 'TokensWithdrawn(address,uint256)',
  bridgeMint: 'Mint(address,uint256,address,uint256,bytes32,uint256)',
  unwrap: 'Unwrap(uint256,uint256)',
} as const;

const topic = (value: string | bigint): string =>
  `0x${typeof value === 'bigint' ? value.toString(16).padStart(64, '0') : value.slice(2).padStart(64, '0')}`;
const log = (address: string, signature: string, indexed: (string | bigint)[], data: AbiValue[] = []): EmittedLog => ({
  address,
  topics: [eventTopic(signature), ...indexed.map(topic)],
  data: encodeAbi(data),
});

/**
 * A log of an event: topic 0 from its signature, the indexed arguments as topics, the rest ABI-encoded.
 * @param address emitter
 * @param signature canonical event signature (EVENTS)
 * @param indexed indexed arguments (addresses, bytes32 as 0x hex; integers as bigint)
 * @param data the other arguments
 * @returns the log
 * @example eventLog(token, EVENTS.transfer, [from, to], [abi.word(1n)])
 */
export const eventLog = log;

/** One item of an ERC-20/721/1155 transfer, as drafted. */
export type TransferItem = {
  ercType: 'ERC20' | 'ERC721' | 'ERC1155';
  token: string;
  from: string;
  to: string;
  value: bigint;
  tokenId?: bigint;
};

/**
 * The log of one drafted transfer: ERC-20 Transfer (amount in data), ERC-721 Transfer (token ID
 * indexed), ERC-1155 TransferSingle, or TransferBatch for several items or a batch call.
 * @param items the items sharing the log (one, except for an ERC-1155 batch)
 * @param operator the ERC-1155 operator (the caller)
 * @param batchCall true when the call was mintBatch/safeBatchTransferFrom (a batch event even for one item)
 * @returns the log
 * @example transferLog([{ ercType: 'ERC20', token, from, to, value }], from, false)
 */
export function transferLog(items: TransferItem[], operator: string, batchCall: boolean): EmittedLog {
  const first = items[0]!;
  if (first.ercType === 'ERC20')
    return log(first.token, EVENTS.transfer, [first.from, first.to], [abi.word(first.value)]);
  if (first.ercType === 'ERC721') return log(first.token, EVENTS.transfer, [first.from, first.to, first.tokenId!]);
  if (items.length === 1 && !batchCall) {
    return log(
      first.token,
      EVENTS.transferSingle,
      [operator, first.from, first.to],
      [abi.word(first.tokenId!), abi.word(first.value)],
    );
  }
  return log(
    first.token,
    EVENTS.transferBatch,
    [operator, first.from, first.to],
    [abi.array(items.map((i) => abi.word(i.tokenId!))), abi.array(items.map((i) => abi.word(i.value)))],
  );
}

/** Selectors of calls whose ERC-1155 items are one TransferBatch log. */
export const BATCH_SELECTORS = new Set([selector(SIGNATURES.mintItems), selector(SIGNATURES.safeBatchTransferFrom)]);

/**
 * ERC-20 Approval.
 * @example erc20Approval(token, owner, spender, max)
 */
export function erc20Approval(token: string, owner: string, spender: string, value: bigint): EmittedLog {
  return log(token, EVENTS.approval, [owner, spender], [abi.word(value)]);
}

/**
 * ERC-721 Approval (cleared to the zero address when a token is transferred).
 * @example erc721Approval(nft, owner, ZERO_ADDRESS, tokenId)
 */
export function erc721Approval(token: string, owner: string, approved: string, tokenId: bigint): EmittedLog {
  return log(token, EVENTS.approval, [owner, approved, tokenId]);
}

/**
 * A pool's Sync and Swap logs (Uniswap V2 pair), token0 being the lower address.
 * @param pool the pair
 * @param tokenIn token paid in
 * @param amountIn amount paid in
 * @param tokenOut token paid out
 * @param amountOut amount paid out
 * @param reserves the pair's balances after the swap, by token address
 * @param sender caller of the pair (the router)
 * @param to receiver of the output
 * @returns [Sync, Swap]
 * @example swapLogs(pool, wavax, 10n, usdc, 240n, reserves, router, user)
 */
export function swapLogs(
  pool: string,
  tokenIn: string,
  amountIn: bigint,
  tokenOut: string,
  amountOut: bigint,
  reserves: Map<string, bigint>,
  sender: string,
  to: string,
): [EmittedLog, EmittedLog] {
  const [token0, token1] = tokenIn < tokenOut ? [tokenIn, tokenOut] : [tokenOut, tokenIn];
  const in0 = tokenIn === token0 ? amountIn : 0n;
  const in1 = tokenIn === token1 ? amountIn : 0n;
  const out0 = tokenOut === token0 ? amountOut : 0n;
  const out1 = tokenOut === token1 ? amountOut : 0n;
  return [
    log(pool, EVENTS.sync, [], [abi.word(reserves.get(token0) ?? 0n), abi.word(reserves.get(token1) ?? 0n)]),
    log(pool, EVENTS.swap, [sender, to], [abi.word(in0), abi.word(in1), abi.word(out0), abi.word(out1)]),
  ];
}

/**
 * The factory's PairCreated.
 * @example pairCreated(factory, usdc, wavax, pool, 1)
 */
export function pairCreated(factory: string, tokenA: string, tokenB: string, pair: string, count: number): EmittedLog {
  const [token0, token1] = tokenA < tokenB ? [tokenA, tokenB] : [tokenB, tokenA];
  return log(factory, EVENTS.pairCreated, [token0, token1], [abi.word(pair), abi.word(count)]);
}

/**
 * The marketplace's Sale.
 * @example sale(market, nft, tokenId, seller, buyer, price)
 */
export function sale(
  market: string,
  collection: string,
  tokenId: bigint,
  seller: string,
  buyer: string,
  price: bigint,
): EmittedLog {
  return log(market, EVENTS.sale, [collection, tokenId, seller], [abi.word(buyer), abi.word(price)]);
}

/**
 * The launcher's TokenLaunched.
 * @example tokenLaunched(launcher, token, creator, 'Launch LAB', 'LAB', supply)
 */
export function tokenLaunched(
  launcher: string,
  token: string,
  creator: string,
  name: string,
  symbol: string,
  supply: bigint,
): EmittedLog {
  return log(
    launcher,
    EVENTS.tokenLaunched,
    [token, creator],
    [abi.string(name), abi.string(symbol), abi.word(supply)],
  );
}
