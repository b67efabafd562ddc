// Two EVM chains exchanging Teleporter messages, indexed through the EVM indexer's write path
// (completeBlocks, writeBlocks): blocks holding one transaction per group of Teleporter logs
// (encoded with viem, teleporterLogs.ts), as decodeBlock hands them on.
import type { Hex } from 'viem';
import { cb58Encode } from '../../avalanche/cb58';
import { decodeTeleporter, type TeleporterLog } from '../../domain/teleporterEvents';
import type { DecodedBlock } from '../../indexer/evm/decode/decodeBlock';
import { completeBlocks } from '../../indexer/evm/follow/completeBlocks';
import { registerChain } from '../../indexer/evm/follow/registerChain';
import type { Database } from '../../prisma/database';
import { writeBlocks, type BlockWriteOptions } from '../../prisma/write';
import { teleporterLogs } from './teleporterLogs';

/** An indexed chain: its EVM chain ID and its blockchain ID's bytes. */
export type TeleporterChain = { chainId: bigint; id: Uint8Array };

export const A: TeleporterChain = { chainId: 1001n, id: new Uint8Array(32).fill(0xa1) };
export const B: TeleporterChain = { chainId: 1002n, id: new Uint8Array(32).fill(0xb2) };

export const hex32 = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as Hex;
export const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Hex;
export const tx = (chain: bigint, n: number) =>
  `0x${chain.toString(16).padStart(8, '0')}${n.toString(16).padStart(56, '0')}`;
export const blockHash = (chain: bigint, n: number) =>
  `0x${'f'.repeat(8)}${chain.toString(16).padStart(8, '0')}${n.toString(16).padStart(48, '0')}`;
/** Block `n`'s time: ten seconds apart. */
export const time = (n: number) => 1_700_000_000n + BigInt(n) * 10n;

/** A message from A to B with this nonce and ID. */
export const message = (nonce: bigint, id: number) => ({
  id: `0x${id.toString(16).padStart(64, '0')}` as Hex,
  body: {
    messageNonce: nonce,
    originSenderAddress: address(0x5e),
    destinationBlockchainID: hex32(B.id),
    destinationAddress: address(0xde),
    requiredGasLimit: 100_000n,
    allowedRelayerAddresses: [],
    receipts: [],
    message: '0x0102' as Hex,
  },
});
/** The logs of a message from A to B. */
export const logsOf = (m: ReturnType<typeof message>) => teleporterLogs(m.id, hex32(A.id), hex32(B.id), m.body);
export const fee = { token: address(0xfee), amount: 7n };

/**
 * A block of `chain` holding one transaction per log group, as decodeBlock hands it on.
 * @param at the block's time when not {@link time}(n)
 */
export function teleporterBlock(chain: TeleporterChain, n: number, txs: TeleporterLog[][], at = time(n)): DecodedBlock {
  const blockchainId = cb58Encode(chain.id);
  return {
    number: BigInt(n),
    hash: blockHash(chain.chainId, n),
    parentHash: blockHash(chain.chainId, n - 1),
    timestamp: at,
    rows: {
      EvmBlock: [
        {
          chainId: chain.chainId,
          number: BigInt(n),
          hash: blockHash(chain.chainId, n),
          parentHash: blockHash(chain.chainId, n - 1),
          timestamp: at,
          gasLimit: '8000000',
          gasUsed: '0',
          txCount: txs.length,
          miner: address(0),
        },
      ],
      EvmTransaction: txs.map((logs, i) => ({
        chainId: chain.chainId,
        txHash: logs[0]!.transactionHash,
        blockNumber: BigInt(n),
        blockIndex: i,
        from: address(0x7e1a),
        to: address(0x253b),
        value: '0',
        gasLimit: '500000',
        gasUsed: String(100_000 + n),
        gasPrice: '25',
        nonce: BigInt(n * 10 + i),
        txType: 2,
        status: 1,
        input: '0x',
      })),
      EvmLog: [],
      EvmInternalTransaction: [],
      EvmTokenTransfer: [],
      EvmContract: [],
      NativeBalanceChange: [],
    },
    teleporter: txs.flat().map((log) => decodeTeleporter(blockchainId, log)!),
  };
}

/**
 * Indexes consecutive blocks of a chain in one batch, as followChain does.
 * @param options the write's hooks (followChain's metrics hook, for one)
 */
export async function indexTeleporterBlocks(
  db: Database,
  chain: TeleporterChain,
  blocks: DecodedBlock[],
  options: BlockWriteOptions = {},
): Promise<void> {
  const memory = { knownTokens: new Set<string>() };
  const { writes } = await completeBlocks(
    { db, rpc: undefined as never, chainId: chain.chainId, startBlock: 0n, memory },
    blocks,
  );
  await writeBlocks(
    db,
    writes.map((write, i) => ({
      cursor: { chainKey: `evm:${chain.chainId}`, height: blocks[i]!.number, blockHash: blocks[i]!.hash },
      ...write,
    })),
    options,
  );
}

/** Registers the chains on mainnet, as the indexer does before their first block. */
export async function registerTeleporterChains(db: Database, chains: readonly TeleporterChain[]): Promise<void> {
  for (const chain of chains) {
    const rpc = {
      call: async (method: string) => (method === 'eth_chainId' ? `0x${chain.chainId.toString(16)}` : null),
    };
    await registerChain(
      db,
      rpc as never,
      {
        chainId: chain.chainId,
        rpcUrls: ['http://127.0.0.1:1'],
        network: 'MAINNET',
        startBlock: 0n,
        confirmations: 0n,
        headTag: 'latest',
        blockchainId: cb58Encode(chain.id),
        nativeToken: { name: 'Test', symbol: 'TST', decimals: 18 },
        concurrency: 4,
        traces: false,
      } as never,
    );
  }
}
