// BTC.b on the demo C-Chain: the Avalanche Bridge's traffic for getAddressesByBtcbBridged. The
// bridge's relayer mints BTC.b to a user when bitcoin comes in (Mint, with Transfer events from the
// zero address: the amount to the user, the bridge fee to the fee address), and a user unwraps
// BTC.b to go back out (Unwrap, with a Transfer to the zero address); users also pass BTC.b to each
// other. Its accounts are its own (not the chain's pool) and it draws from a stream of its own, so
// the chain's other transactions and accounts are as they were without it.
import { BTCB_ADDRESS } from '../../metrics/btcbBridged';
import type { BulkWriter } from '../../prisma/write';
import { evmAddress } from '../accounts';
import { ETHER } from '../constants';
import { createRandom, type Random } from '../random';
import { SIGNATURES } from './abi';
import { abi } from './abiEncode';
import { ZERO_ADDRESS, type EvmChainSpec, type TokenSpec } from './chains';
import { tokenRow } from './contracts';
import type { BlockContext, TxDraft } from './draft';
import { callDraft } from './env';
import { EVENTS, eventLog } from './events';
import type { ChainState } from './state';

/** BTC.b's token row (it predates the demo range, at its real address). */
const BTCB_SPEC: TokenSpec = {
  key: 'btcb',
  ercType: 'ERC20',
  role: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC.b',
  decimals: 8,
  reputation: 'BENIGN',
  address: BTCB_ADDRESS,
  color: '#F7931A',
  description: 'Bitcoin bridged to the C-Chain by the Avalanche Bridge.',
  site: 'https://core.app/bridge',
};

/** The bridge's relayer (sends the mints) and fee address. */
const RELAYER = evmAddress('btcb/bridge', 0);
const FEE_ADDRESS = evmAddress('btcb/bridge', 1);
/** Users of the bridge. */
const BRIDGERS = Array.from({ length: 16 }, (_, i) => evmAddress('btcb/user', i));
/** One bridge transaction every this many blocks. */
const EVERY = 5;
const SATOSHIS_PER_BTC = 100_000_000n;

/** The BTC.b traffic of a chain being generated. */
export type BtcbBridge = {
  /** The stream its transactions draw from (gas, hashes). */
  rng: Random;
  /** The bridge transaction of the block at this index of the chain, if any. */
  draftAt(block: BlockContext, index: number): TxDraft | null;
};

/**
 * Starts the C-Chain's BTC.b traffic: the token's row and its accounts' opening native balances
 * (for their gas), in the state and as balance history rows before the first block.
 * @param spec the chain (nothing for a chain other than the mainnet C-Chain)
 * @param state the chain's state
 * @param writer where the rows go
 * @returns the traffic, or null on another chain
 * @example const btcb = await startBtcbBridge(spec, state, writer)
 */
export async function startBtcbBridge(
  spec: EvmChainSpec,
  state: ChainState,
  writer: BulkWriter,
): Promise<BtcbBridge | null> {
  if (spec.key !== 'c-chain') return null;
  const rng = createRandom(`avalanche-demo-data/evm/${spec.key}/btcb`);
  state.contracts.add(BTCB_ADDRESS);
  await writer.push('EvmContract', tokenRow(spec.chainId, BTCB_ADDRESS, BTCB_SPEC, rng));
  for (const address of [RELAYER, ...BRIDGERS]) {
    const balance = 50n * ETHER;
    state.native.set(address, balance);
    await writer.push('NativeBalanceChange', {
      chainId: spec.chainId,
      address,
      blockNumber: spec.firstBlock - 1n,
      balance: balance.toString(),
    });
  }
  return { rng, draftAt: (block, index) => (index % EVERY === 2 ? bridgeDraft(block, rng) : null) };
}

/** A mint, an unwrap or a transfer between users, as the user's holdings allow. */
function bridgeDraft(block: BlockContext, rng: Random): TxDraft {
  const user = rng.pick(BRIDGERS);
  const held = block.state.erc20.get(BTCB_ADDRESS)?.get(user) ?? 0n;
  const roll = rng.float();
  if (held > 0n && roll < 0.35) return unwrapDraft(user, (held * BigInt(rng.int(20, 100))) / 100n, rng);
  if (held > 0n && roll < 0.5) {
    const to = rng.pick(BRIDGERS.filter((other) => other !== user));
    const value = (held * BigInt(rng.int(10, 90))) / 100n;
    const draft = callDraft(user, BTCB_ADDRESS, SIGNATURES.transfer, [to, value], BigInt(rng.int(34_000, 52_000)));
    draft.logs = [[{ ercType: 'ERC20', token: BTCB_ADDRESS, from: user, to, value }]];
    return draft;
  }
  return mintDraft(user, rng);
}

/** The relayer's mint of bitcoin that came in for `to`, less the bridge fee (minted to the fee address). */
function mintDraft(to: string, rng: Random): TxDraft {
  const amount = rng.bigint(SATOSHIS_PER_BTC / 1000n, 2n * SATOSHIS_PER_BTC);
  const fee = rng.chance(0.5) ? 20_000n : 0n;
  const originTxId = `0x${rng.hex(32)}`;
  const outputIndex = BigInt(rng.int(0, 3));
  const draft = callDraft(
    RELAYER,
    BTCB_ADDRESS,
    SIGNATURES.bridgeMint,
    [to, amount, FEE_ADDRESS, fee, originTxId, outputIndex],
    BigInt(rng.int(70_000, 95_000)),
  );
  draft.logs = [
    [{ ercType: 'ERC20', token: BTCB_ADDRESS, from: ZERO_ADDRESS, to, value: amount }],
    ...(fee > 0n
      ? [[{ ercType: 'ERC20' as const, token: BTCB_ADDRESS, from: ZERO_ADDRESS, to: FEE_ADDRESS, value: fee }]]
      : []),
    eventLog(
      BTCB_ADDRESS,
      EVENTS.bridgeMint,
      [],
      [
        abi.word(to),
        abi.word(amount),
        abi.word(FEE_ADDRESS),
        abi.word(fee),
        abi.word(originTxId),
        abi.word(outputIndex),
      ],
    ),
  ];
  return draft;
}

/** A user's unwrap of BTC.b back to Bitcoin (chain ID 0): the burn, then Unwrap. */
function unwrapDraft(user: string, amount: bigint, rng: Random): TxDraft {
  const draft = callDraft(user, BTCB_ADDRESS, SIGNATURES.unwrap, [amount, 0n], BigInt(rng.int(40_000, 60_000)));
  draft.logs = [
    [{ ercType: 'ERC20', token: BTCB_ADDRESS, from: user, to: ZERO_ADDRESS, value: amount }],
    eventLog(BTCB_ADDRESS, EVENTS.unwrap, [], [abi.word(amount), abi.word(0n)]),
  ];
  return draft;
}
