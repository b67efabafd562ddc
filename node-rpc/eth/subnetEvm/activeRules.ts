// eth_getActiveRulesAt's result (internal/ethapi/api_extra.go ActiveRulesResult): libevm's
// params.Rules evaluated at block 0 with isMerge = true, the Avalanche rules, and the precompiles
// active at the time. Inner keys are Go field names (no JSON tags); every rule is always present.
import type { ChainSpec } from './loadChainSpec';
import { activePrecompiles } from './precompiles';
import { resolveChainConfig } from './chainConfig';

/**
 * The active rules at a time.
 * @param network the chain's network
 * @param spec the stored config
 * @param timestamp Unix seconds
 * @returns `{ ethRules, avalancheRules, precompiles }`
 * @example activeRulesResult('MAINNET', spec, 1_790_000_000n).avalancheRules.IsEtna
 */
export function activeRulesResult(network: 'MAINNET' | 'FUJI', spec: ChainSpec, timestamp: bigint) {
  const c = resolveChainConfig(network, spec);
  const at = (block: bigint) => block <= 0n;
  const since = (time: bigint | null) => time !== null && time <= timestamp;
  const isLondon = at(c.blocks.londonBlock);
  const isMerge = isLondon;
  const ethRules = {
    ChainID: c.chainId,
    IsHomestead: at(c.blocks.homesteadBlock),
    IsEIP150: at(c.blocks.eip150Block),
    IsEIP155: at(c.blocks.eip155Block),
    IsEIP158: at(c.blocks.eip158Block),
    IsByzantium: at(c.blocks.byzantiumBlock),
    IsConstantinople: at(c.blocks.constantinopleBlock),
    IsPetersburg: at(c.blocks.petersburgBlock),
    IsIstanbul: at(c.blocks.istanbulBlock),
    IsBerlin: at(c.blocks.berlinBlock),
    IsLondon: isLondon,
    IsMerge: isMerge,
    IsShanghai: isMerge && since(c.shanghaiTime),
    IsCancun: isMerge && since(c.cancunTime),
    IsPrague: isMerge && since(c.pragueTime),
    IsVerkle: false,
  };
  const u = c.upgrades;
  const avalancheRules = {
    IsSubnetEVM: since(u.subnetEVMTimestamp),
    IsDurango: since(u.durangoTimestamp),
    IsEtna: since(u.etnaTimestamp),
    IsFortuna: since(u.fortunaTimestamp),
    IsGranite: since(u.graniteTimestamp),
    IsHelicon: since(u.heliconTimestamp),
  };
  const precompiles: Record<string, { timestamp: bigint }> = {};
  for (const [key, config] of activePrecompiles(spec.genesisPrecompiles, spec.upgrades, timestamp)) {
    precompiles[key] = { timestamp: config.blockTimestamp! };
  }
  return { ethRules, avalancheRules, precompiles };
}
