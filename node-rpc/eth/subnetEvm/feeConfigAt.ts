// eth_feeConfig's answer at a block (core/blockchain_reader.go GetFeeConfigAt): the default config
// before SubnetEVM, the genesis config with lastChangedAt 0 while the FeeManager precompile is
// inactive, and the precompile's stored config while it is active. The stored config is the one
// written at the precompile's (re)activation (its initialFeeConfig, else the genesis config; last
// changed at the activation block), replaced by every setFeeConfig, whose FeeConfigChanged event
// (from the index's logs) carries the new config; lastChangedAt is that event's block.
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Reader, BlockRow } from '../chainData';
import { firstBlockAtOrAfter } from '../chainData';
import type { ChainSpec } from './loadChainSpec';
import { networkUpgrades } from './networkUpgrades';
import { activePrecompiles, DEFAULT_FEE_CONFIG, FEE_CONFIG_FIELDS, feeConfigJson } from './precompiles';

/** The FeeManager precompile. */
export const FEE_MANAGER_ADDRESS = '0x0200000000000000000000000000000000000003';

const FEE_TUPLE = '(uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256)';
/** Topic 0 of `FeeConfigChanged(address indexed sender, FeeConfig oldFeeConfig, FeeConfig newFeeConfig)`. */
export const FEE_CONFIG_CHANGED_TOPIC = `0x${Buffer.from(keccak_256(new TextEncoder().encode(`FeeConfigChanged(address,${FEE_TUPLE},${FEE_TUPLE})`))).toString('hex')}`;

/**
 * The fee config in force after a block.
 * @param db the database
 * @param chain network and EVM chain ID
 * @param spec the chain's stored config
 * @param header the block
 * @returns `{ feeConfig, lastChangedAt }` (lastChangedAt left out before SubnetEVM)
 * @example await feeConfigAt(db, { network: 'MAINNET', evmChainId: 737373n }, spec, head)
 */
export async function feeConfigAt(
  db: Reader,
  chain: { network: 'MAINNET' | 'FUJI'; evmChainId: bigint },
  spec: ChainSpec,
  header: Pick<BlockRow, 'number' | 'timestamp'>,
): Promise<{ feeConfig: Record<string, bigint>; lastChangedAt?: bigint }> {
  const subnetEvm = networkUpgrades(chain.network, spec.config).subnetEVMTimestamp;
  if (subnetEvm === null || subnetEvm > header.timestamp) return { feeConfig: { ...DEFAULT_FEE_CONFIG } };
  const genesisFees = feeConfigJson(spec.config.feeConfig as Record<string, unknown> | undefined);
  const manager = activePrecompiles(spec.genesisPrecompiles, spec.upgrades, header.timestamp).get('feeManagerConfig');
  if (!manager) return { feeConfig: genesisFees, lastChangedAt: 0n };

  const activatedAt =
    manager.blockTimestamp! <= spec.genesisTimestamp
      ? 0n
      : ((await firstBlockAtOrAfter(db, chain.evmChainId, manager.blockTimestamp!)) ?? 0n);
  const initial = manager.json.initialFeeConfig as Record<string, bigint> | undefined;
  const [change] = await db.query<{ block_number: bigint; data: string }>(
    `SELECT block_number, data FROM evm_log
     WHERE chain_id = $1 AND address = $2 AND topic0 = $3 AND block_number BETWEEN $4 AND $5
     ORDER BY block_number DESC, log_index DESC LIMIT 1`,
    [
      chain.evmChainId.toString(),
      FEE_MANAGER_ADDRESS,
      FEE_CONFIG_CHANGED_TOPIC,
      activatedAt.toString(),
      header.number.toString(),
    ],
  );
  // 0x and two hex digits a byte
  if (!change || change.data.length < 2 + 2 * 16 * 32)
    return { feeConfig: initial ?? genesisFees, lastChangedAt: activatedAt };
  // data = abi.encode(oldFeeConfig, newFeeConfig): 8 words each.
  const word = (i: number) => BigInt(`0x${change.data.slice(2 + i * 64, 2 + i * 64 + 64)}`);
  const stored = Object.fromEntries(FEE_CONFIG_FIELDS.map((field, i) => [field, word(8 + i)]));
  return { feeConfig: feeConfigJson(stored), lastChangedAt: change.block_number };
}
