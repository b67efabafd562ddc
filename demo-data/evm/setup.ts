// The scripted first transactions of a chain: infrastructure and token deployments, DEX pools
// created through the factory (CREATE2), initial liquidity, and a starter kit for the showcase
// user (every token kind), before random traffic begins.
import { SHOWCASE_EVM_ADDRESS } from '../accounts';
import { ETHER } from '../constants';
import { fromHex } from '../../avalanche/bytes';
import { create2Address, keccakHex, SIGNATURES } from './abi';
import { ZERO_ADDRESS } from './chains';
import { contractRow, tokenRow } from './contracts';
import type { BlockContext, TxDraft } from './draft';
import { pairCreated } from './events';
import { callDraft, deployDraft, type ChainEnv } from './env';
import { svgLogo } from './logos';

/** One setup step: drafts its transaction when its block comes. */
export type SetupStep = (block: BlockContext) => TxDraft;

const INFRA = [
  ['router', 'DEX Router', 'Routes swaps through the demo DEX pools.'],
  ['factory', 'DEX Factory', 'Creates DEX pools with CREATE2.'],
  ['multisend', 'Multisend', 'Sends native tokens to many recipients in one call.'],
  ['create2', 'Deterministic Deployer', 'Deploys contracts at CREATE2 addresses.'],
  ['marketplace', 'NFT Marketplace', 'Fixed-price NFT sales.'],
  ['launcher', 'Token Launcher', 'Creates community tokens with CREATE.'],
] as const;

/** Liquidity each pool starts with on its native side, whole native tokens. */
const POOL_NATIVE = 100_000n;

/**
 * The setup steps of a chain, in order.
 * @param env chain being generated
 * @returns steps to run one per transaction slot in the first blocks
 * @example for (const step of setupSteps(env)) applyDraft(block, step(block))
 */
export function setupSteps(env: ChainEnv): SetupStep[] {
  const { spec, contracts } = env;
  const ops = contracts.operators;
  const steps: SetupStep[] = [];
  for (const [key, name, description] of INFRA) {
    steps.push((block) => {
      const { draft, address } = deployDraft(block, env, ops.deployer, (a) =>
        contractRow(spec.chainId, a, { name, description }),
      );
      contracts.infra.set(key, address);
      return draft;
    });
  }
  if (spec.key === 'c-chain') {
    steps.push((block) => {
      const { draft, address } = deployDraft(block, env, ops.deployer, (a) =>
        contractRow(spec.chainId, a, {
          name: 'ERC20TokenHome (USDC)',
          description: 'ICTT home of USDC bridged to Kestrel.',
          tags: ['ICM', 'Bridge'],
        }),
      );
      contracts.infra.set('tokenHome', address);
      return draft;
    });
  }
  for (const token of spec.tokens) {
    if (token.address) continue;
    const deployer = token.role === 'spam' ? ops.spammer : ops.deployer;
    steps.push((block) => {
      const { draft, address } = deployDraft(
        block,
        env,
        deployer,
        (a) => tokenRow(spec.chainId, a, token, env.rng),
        (a) =>
          token.role === 'community'
            ? {
                logs: [
                  [
                    {
                      ercType: 'ERC20',
                      token: a,
                      from: ZERO_ADDRESS,
                      to: ops.deployer,
                      value: 1_000_000_000n * 10n ** BigInt(token.decimals ?? 18),
                    },
                  ],
                ],
              }
            : {},
      );
      contracts.tokens.set(token.key, { spec: token, address });
      return draft;
    });
  }
  const pooled = spec.tokens.filter(
    (t) => t.ercType === 'ERC20' && t.rate !== undefined && ['stable', 'defi', 'community', 'game'].includes(t.role),
  );
  for (const token of pooled) {
    steps.push(() => {
      const factory = contracts.infra.get('factory')!;
      const own = contracts.tokens.get(token.key)!;
      const wrapped = contracts.tokens.get('wrapped')!.address;
      const salt = fromHex(keccakHex(fromHex(own.address + wrapped.slice(2))));
      const pool = create2Address(factory, salt, fromHex('3d602d80600a3d3981f3363d3d373d3d3d363d73'));
      own.pool = pool;
      const draft = callDraft(
        ops.deployer,
        factory,
        'createPair(address,address)',
        [own.address, wrapped],
        BigInt(env.rng.int(2_000_000, 2_600_000)),
      );
      draft.internals = [
        { type: 'CREATE2', from: factory, to: pool, value: 0n, gasUsed: BigInt(env.rng.int(1_500_000, 1_900_000)) },
      ];
      draft.logs = [pairCreated(factory, own.address, wrapped, pool, pooled.indexOf(token) + 1)];
      // A pool is also its LP token (ERC-20, 18 decimals), as constant-product pools are: transfers to
      // and from it show account references with full token metadata (2.8).
      draft.contracts = [
        contractRow(spec.chainId, pool, {
          ercType: 'ERC20',
          name: `${token.symbol}/W${spec.native.symbol} Pool`,
          symbol: 'DEX-LP',
          decimals: 18,
          logoUri: svgLogo('LP', token.color),
          description: 'Constant-product pool of the demo DEX.',
          deployerAddress: ops.deployer,
          deployerContractAddress: factory,
        }),
      ];
      return draft;
    });
    steps.push(() => {
      const wrapped = contracts.tokens.get('wrapped')!.address;
      const draft = callDraft(ops.lp, wrapped, SIGNATURES.deposit, [], 45_000n, POOL_NATIVE * ETHER);
      draft.logs = [[{ ercType: 'ERC20', token: wrapped, from: ZERO_ADDRESS, to: ops.lp, value: POOL_NATIVE * ETHER }]];
      return draft;
    });
    steps.push(() => {
      const wrapped = contracts.tokens.get('wrapped')!.address;
      const pool = contracts.tokens.get(token.key)!.pool!;
      const draft = callDraft(ops.lp, wrapped, SIGNATURES.transfer, [pool, POOL_NATIVE * ETHER], 52_000n);
      draft.logs = [[{ ercType: 'ERC20', token: wrapped, from: ops.lp, to: pool, value: POOL_NATIVE * ETHER }]];
      return draft;
    });
    steps.push(() => {
      const own = contracts.tokens.get(token.key)!;
      const units = BigInt(Math.round(Number(POOL_NATIVE) / token.rate!)) * 10n ** BigInt(token.decimals ?? 18);
      const fromDeployer = token.role === 'community';
      const draft = fromDeployer
        ? callDraft(ops.deployer, own.address, SIGNATURES.transfer, [own.pool!, units], 52_000n)
        : callDraft(ops.issuer, own.address, SIGNATURES.mint, [own.pool!, units], 60_000n);
      draft.logs = [
        [
          {
            ercType: 'ERC20',
            token: own.address,
            from: fromDeployer ? ops.deployer : ZERO_ADDRESS,
            to: own.pool!,
            value: units,
          },
        ],
      ];
      return draft;
    });
  }
  // Starter kit of the showcase user: some of every ERC-20, an NFT of each collection, items.
  for (const token of spec.tokens) {
    steps.push(() => {
      const own = contracts.tokens.get(token.key)!;
      const to = SHOWCASE_EVM_ADDRESS;
      if (token.ercType === 'ERC721') {
        const draft = callDraft(ops.minter, own.address, SIGNATURES.mint, [to, 1n], 95_000n);
        draft.logs = [[{ ercType: 'ERC721', token: own.address, from: ZERO_ADDRESS, to, value: 1n, tokenId: 0n }]];
        return draft;
      }
      if (token.ercType === 'ERC1155') {
        const draft = callDraft(ops.minter, own.address, SIGNATURES.mintItems, [to], 120_000n);
        draft.logs = [
          [1n, 2n, 3n].map((id) => ({
            ercType: 'ERC1155' as const,
            token: own.address,
            from: ZERO_ADDRESS,
            to,
            value: 5n * id,
            tokenId: id,
          })),
        ];
        return draft;
      }
      const units = 5_000n * 10n ** BigInt(token.decimals ?? 18);
      if (token.role === 'wrapped') {
        const draft = callDraft(to, own.address, SIGNATURES.deposit, [], 45_000n, ETHER / 2n);
        draft.logs = [[{ ercType: 'ERC20', token: own.address, from: ZERO_ADDRESS, to, value: ETHER / 2n }]];
        return draft;
      }
      const sender = token.role === 'community' ? ops.deployer : token.role === 'spam' ? ops.spammer : ops.issuer;
      const draft = callDraft(
        sender,
        own.address,
        token.role === 'community' ? SIGNATURES.transfer : token.role === 'spam' ? SIGNATURES.airdrop : SIGNATURES.mint,
        [to, units],
        60_000n,
      );
      draft.logs = [
        [
          {
            ercType: 'ERC20',
            token: own.address,
            from: token.role === 'community' ? ops.deployer : ZERO_ADDRESS,
            to,
            value: units,
          },
        ],
      ];
      return draft;
    });
  }
  return steps;
}
