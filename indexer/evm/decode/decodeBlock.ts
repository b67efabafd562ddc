// One block's bundle (rpc/fetchBlockBundle.ts) as the rows of the EVM models. Pure: everything that
// depends on earlier blocks (ERC-20 balances, token metadata, NFT owners) is resolved by follow/.
import type { RowOf } from '../../../prisma/write';
import type { BlockBundle } from '../rpc/types';
import { decodeTeleporter, type TeleporterEvent } from '../../../domain/teleporterEvents';
import { decodeTraces } from './decodeTraces';
import { decodeTransfers } from './decodeTransfers';

/** A block's rows, plus what follow/ completes from the database. */
export type DecodedBlock = {
  number: bigint;
  hash: string;
  parentHash: string;
  timestamp: bigint;
  rows: {
    EvmBlock: RowOf<'EvmBlock'>[];
    EvmTransaction: RowOf<'EvmTransaction'>[];
    EvmLog: RowOf<'EvmLog'>[];
    EvmInternalTransaction: RowOf<'EvmInternalTransaction'>[];
    EvmTokenTransfer: RowOf<'EvmTokenTransfer'>[];
    EvmContract: RowOf<'EvmContract'>[];
    NativeBalanceChange: RowOf<'NativeBalanceChange'>[];
  };
  teleporter: TeleporterEvent[];
};

const lower = (s: string) => s.toLowerCase();
const quantity = (s: string | undefined) => (s === undefined ? undefined : BigInt(s).toString());
// Members a node may also send as null (readAnswer.ts lets null through as "absent").
const bytes = (s: string | null | undefined) => (s == null ? null : lower(s));
const hash = (s: string | null | undefined) => (s == null ? null : lower(s));
const decimal = (s: string | null | undefined) => (s == null ? null : BigInt(s).toString());
const big = (s: string | null | undefined) => (s == null ? null : BigInt(s));

/**
 * The header members kept as the node gave them (the chain RPC serves them back): null where the
 * node's block has none (a member of another VM or of an upgrade the block predates).
 */
function headerMembers(block: BlockBundle['block']) {
  return {
    stateRoot: hash(block.stateRoot),
    transactionsRoot: hash(block.transactionsRoot),
    receiptsRoot: hash(block.receiptsRoot),
    extraData: bytes(block.extraData),
    size: big(block.size),
    blockExtraData: bytes(block.blockExtraData),
    extDataHash: hash(block.extDataHash),
    extDataGasUsed: decimal(block.extDataGasUsed),
    blockGasCost: decimal(block.blockGasCost),
    blobGasUsed: decimal(block.blobGasUsed),
    excessBlobGas: decimal(block.excessBlobGas),
    parentBeaconBlockRoot: hash(block.parentBeaconBlockRoot),
    timestampMilliseconds: big(block.timestampMilliseconds),
    minDelayExcess: decimal(block.minDelayExcess),
  };
}

/**
 * Decodes a block bundle.
 * @param chainId the EVM chain ID
 * @param blockchainId the chain's blockchain ID (Teleporter events name chains by it)
 * @param bundle what the node answered
 * @returns the rows
 * @example const decoded = decodeBlock(31337n, blockchainId, bundle)
 */
export function decodeBlock(chainId: bigint, blockchainId: string, bundle: BlockBundle): DecodedBlock {
  const { block, receipts, traces } = bundle;
  const number = BigInt(block.number);
  const timestamp = BigInt(block.timestamp);
  const rows: DecodedBlock['rows'] = {
    EvmBlock: [],
    EvmTransaction: [],
    EvmLog: [],
    EvmInternalTransaction: [],
    EvmTokenTransfer: [],
    EvmContract: [],
    NativeBalanceChange: [],
  };
  const teleporter: TeleporterEvent[] = [];
  rows.EvmBlock.push({
    chainId,
    number,
    hash: lower(block.hash),
    parentHash: lower(block.parentHash),
    timestamp,
    gasLimit: quantity(block.gasLimit)!,
    gasUsed: quantity(block.gasUsed)!,
    baseFeePerGas: quantity(block.baseFeePerGas) ?? null,
    txCount: block.transactions.length,
    miner: lower(block.miner),
    ...headerMembers(block),
  });
  const deployments = new Map<string, RowOf<'EvmContract'>>();
  block.transactions.forEach((tx, i) => {
    const receipt = receipts[i]!;
    const txHash = lower(tx.hash);
    const typed = tx.type !== undefined && BigInt(tx.type) !== 0n;
    const v = tx.v ?? tx.yParity;
    rows.EvmTransaction.push({
      chainId,
      txHash,
      blockNumber: number,
      blockIndex: Number(BigInt(tx.transactionIndex)),
      from: lower(tx.from),
      to: tx.to ? lower(tx.to) : null,
      value: quantity(tx.value)!,
      gasLimit: quantity(tx.gas)!,
      gasUsed: quantity(receipt.gasUsed)!,
      gasPrice: quantity(receipt.effectiveGasPrice ?? tx.gasPrice ?? '0x0')!,
      maxFeePerGas: quantity(tx.maxFeePerGas) ?? null,
      maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas) ?? null,
      nonce: BigInt(tx.nonce),
      txType: tx.type === undefined ? 0 : Number(BigInt(tx.type)),
      // Pre-Byzantium receipts have no status; every chain this indexer targets has it.
      status: receipt.status === undefined ? 1 : Number(BigInt(receipt.status)),
      input: lower(tx.input),
      methodHash: tx.input.length >= 10 ? lower(tx.input.slice(0, 10)) : null,
      contractAddress: receipt.contractAddress ? lower(receipt.contractAddress) : null,
      sigV: quantity(v) ?? null,
      sigR: tx.r ? `0x${BigInt(tx.r).toString(16)}` : null,
      sigS: tx.s ? `0x${BigInt(tx.s).toString(16)}` : null,
      accessList: typed && tx.accessList && tx.accessList.length > 0 ? tx.accessList : undefined,
    });
    if (receipt.contractAddress && (receipt.status === undefined || BigInt(receipt.status) === 1n)) {
      const address = lower(receipt.contractAddress);
      deployments.set(address, {
        chainId,
        address,
        deploymentTxHash: txHash,
        deployerAddress: lower(tx.from),
        deployerContractAddress: null,
        deploymentBlockNumber: number,
        tags: [],
      });
    }
    for (const log of receipt.logs) {
      rows.EvmLog.push({
        chainId,
        blockNumber: number,
        logIndex: Number(BigInt(log.logIndex)),
        txHash: lower(log.transactionHash),
        txIndex: Number(BigInt(log.transactionIndex)),
        address: lower(log.address),
        topic0: log.topics[0] ? lower(log.topics[0]) : null,
        topic1: log.topics[1] ? lower(log.topics[1]) : null,
        topic2: log.topics[2] ? lower(log.topics[2]) : null,
        topic3: log.topics[3] ? lower(log.topics[3]) : null,
        data: lower(log.data),
      });
      rows.EvmTokenTransfer.push(...decodeTransfers(chainId, number, log));
      const event = decodeTeleporter(blockchainId, log);
      if (event) teleporter.push(event);
    }
    const trace = traces?.[i];
    if (trace) {
      const traced = decodeTraces(chainId, number, txHash, trace);
      rows.EvmInternalTransaction.push(...traced.internals);
      for (const d of traced.deployments) {
        if (d.factory === null && deployments.has(d.address)) continue;
        deployments.set(d.address, {
          chainId,
          address: d.address,
          deploymentTxHash: txHash,
          deployerAddress: lower(tx.from),
          deployerContractAddress: d.factory,
          deploymentBlockNumber: number,
          tags: [],
        });
      }
    }
  });
  rows.EvmContract.push(...deployments.values());
  for (const [address, balance] of bundle.balances)
    rows.NativeBalanceChange.push({ chainId, address, blockNumber: number, balance: balance.toString() });
  return { number, hash: lower(block.hash), parentHash: lower(block.parentHash), timestamp, rows, teleporter };
}
