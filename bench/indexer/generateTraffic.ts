// Deploys the test contracts on anvil and sends a deterministic mix of transactions, several per
// block: native transfers, ERC-20 transfers / mints / burns (some reverting), ERC-721 mints and
// transfers, ERC-1155 single and batch mints and transfers, CREATE2 deployments with value, and
// value forwarding with a refused (reverted) inner call.
import { encodeDeployData, encodeFunctionData, type Abi } from 'viem';
import type { Anvil } from './startAnvil';
import type { Artifact } from './compileContracts';

/** What was deployed. */
export type TestContracts = {
  token: string[];
  nft: string;
  multi: string;
  factory: string;
  forwarder: string;
  refuser: string;
};

/** Options of {@link generateTraffic}. */
export type TrafficOptions = {
  blocks: number;
  txPerBlock: number;
  seed?: number;
  nftBaseUri: string;
  multiUri: string;
};

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Sends transactions with automine off and mines one block per batch.
 * @param anvil node
 * @param txs transactions (from, to, data, value, gas)
 * @returns the hashes
 * @example await mineBlock(anvil, [{ from, to, value: '0x1' }])
 */
export async function mineBlock(anvil: Anvil, txs: Record<string, string | undefined>[]): Promise<string[]> {
  const hashes = await anvil.batch<string>(txs.map((tx) => ({ method: 'eth_sendTransaction', params: [tx] })));
  await anvil.rpc('evm_mine');
  return hashes;
}

const hex = (n: bigint | number) => `0x${BigInt(n).toString(16)}`;

/**
 * Deploys the contracts (first blocks) and generates the traffic.
 * @param anvil node
 * @param artifacts compiled contracts
 * @param options size and URIs
 * @returns contracts, accounts and the number of transactions sent
 * @example const traffic = await generateTraffic(anvil, compileContracts(), { blocks: 40, txPerBlock: 60, nftBaseUri, multiUri })
 */
export async function generateTraffic(
  anvil: Anvil,
  artifacts: Record<string, Artifact>,
  options: TrafficOptions,
): Promise<{ contracts: TestContracts; accounts: string[]; transactions: number }> {
  await anvil.rpc('evm_setAutomine', [false]);
  const accounts = ((await anvil.rpc<string[]>('eth_accounts')) as string[]).map((a) => a.toLowerCase());
  const rnd = random(options.seed ?? 7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const deploy = (name: string, args: unknown[]) => ({
    from: accounts[0],
    gas: hex(5_000_000),
    data: encodeDeployData({ abi: artifacts[name]!.abi as Abi, bytecode: artifacts[name]!.bytecode, args }),
  });
  const names = ['Token20', 'Token20', 'Nft721', 'Multi1155', 'Create2Factory', 'Forwarder', 'Refuser'];
  const hashes = await mineBlock(anvil, [
    deploy('Token20', ['Token A', 'TKA']),
    deploy('Token20', ['Token B', 'TKB']),
    deploy('Nft721', [options.nftBaseUri]),
    deploy('Multi1155', [options.multiUri]),
    deploy('Create2Factory', []),
    deploy('Forwarder', []),
    deploy('Refuser', []),
  ]);
  const receipts = await anvil.batch<any>(hashes.map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })));
  const address = receipts.map((r, i) => {
    if (r.status !== '0x1') throw new Error(`deploying ${names[i]} failed`);
    return (r.contractAddress as string).toLowerCase();
  });
  const contracts: TestContracts = {
    token: [address[0]!, address[1]!],
    nft: address[2]!,
    multi: address[3]!,
    factory: address[4]!,
    forwarder: address[5]!,
    refuser: address[6]!,
  };
  const call = (from: string, to: string, name: string, fn: string, args: unknown[], value = 0n, gas = 300_000) => ({
    from,
    to,
    gas: hex(gas),
    value: hex(value),
    data: encodeFunctionData({ abi: artifacts[name]!.abi as Abi, functionName: fn, args }),
  });

  // Opening token balances so transfers have something to move.
  const erc20 = new Map<string, bigint>();
  const opening: Record<string, string | undefined>[] = [];
  for (const token of contracts.token) {
    for (const account of accounts.slice(0, 10)) {
      opening.push(call(accounts[0]!, token, 'Token20', 'mint', [account, 10n ** 21n]));
      erc20.set(`${token}|${account}`, 10n ** 21n);
    }
  }
  await mineBlock(anvil, opening);
  let transactions = hashes.length + opening.length;

  const owners = new Map<bigint, string>();
  const multi = new Map<string, bigint>();
  let nextNft = 1n;
  let salt = 1n;
  for (let b = 0; b < options.blocks; b++) {
    const txs: Record<string, string | undefined>[] = [];
    for (let t = 0; t < options.txPerBlock; t++) {
      const from = pick(accounts);
      const to = pick(accounts);
      const r = rnd();
      if (r < 0.2) txs.push({ from, to, value: hex(BigInt(Math.floor(rnd() * 1e6)) * 10n ** 9n), gas: hex(21_000) });
      else if (r < 0.45) {
        const token = pick(contracts.token);
        const have = erc20.get(`${token}|${from}`) ?? 0n;
        // One in ten tries to send more than it has: the transaction reverts, no Transfer log.
        const amount = rnd() < 0.1 ? have + 1n : have / 7n;
        txs.push(call(from, token, 'Token20', 'transfer', [to, amount], 0n, 100_000));
        if (amount <= have) {
          erc20.set(`${token}|${from}`, have - amount);
          erc20.set(`${token}|${to}`, (erc20.get(`${token}|${to}`) ?? 0n) + amount);
        }
      } else if (r < 0.5) {
        const token = pick(contracts.token);
        const have = erc20.get(`${token}|${from}`) ?? 0n;
        txs.push(call(from, token, 'Token20', 'burn', [from, have / 10n], 0n, 100_000));
        erc20.set(`${token}|${from}`, have - have / 10n);
      } else if (r < 0.62) {
        const id = nextNft++;
        txs.push(call(from, contracts.nft, 'Nft721', 'mint', [to, id], 0n, 150_000));
        owners.set(id, to);
      } else if (r < 0.72 && owners.size > 0) {
        const id = pick([...owners.keys()]);
        const owner = owners.get(id)!;
        txs.push(call(owner, contracts.nft, 'Nft721', 'transferFrom', [owner, to, id], 0n, 150_000));
        owners.set(id, to);
      } else if (r < 0.78) {
        const id = BigInt(1 + Math.floor(rnd() * 5));
        txs.push(call(from, contracts.multi, 'Multi1155', 'mint', [to, id, 10n], 0n, 150_000));
        multi.set(`${to}|${id}`, (multi.get(`${to}|${id}`) ?? 0n) + 10n);
      } else if (r < 0.83) {
        txs.push(call(from, contracts.multi, 'Multi1155', 'mintBatch', [to, [1n, 2n, 3n], [1n, 2n, 3n]], 0n, 250_000));
        for (const [id, n] of [
          [1n, 1n],
          [2n, 2n],
          [3n, 3n],
        ] as const)
          multi.set(`${to}|${id}`, (multi.get(`${to}|${id}`) ?? 0n) + n);
      } else if (r < 0.88) {
        const held = [...multi].filter(([key, n]) => key.startsWith(`${from}|`) && n > 0n);
        if (held.length === 0) continue;
        const [key, n] = pick(held);
        const id = BigInt(key.split('|')[1]!);
        txs.push(
          call(from, contracts.multi, 'Multi1155', 'safeTransferFrom', [from, to, id, n / 2n || 1n, '0x'], 0n, 150_000),
        );
        multi.set(key, n - (n / 2n || 1n));
        multi.set(`${to}|${id}`, (multi.get(`${to}|${id}`) ?? 0n) + (n / 2n || 1n));
      } else if (r < 0.93) {
        txs.push(
          call(
            from,
            contracts.factory,
            'Create2Factory',
            'deploy',
            [`0x${(salt++).toString(16).padStart(64, '0')}`],
            10n ** 12n,
            400_000,
          ),
        );
      } else {
        const targets = [pick(accounts), contracts.refuser, pick(accounts)];
        txs.push(
          call(
            from,
            contracts.forwarder,
            'Forwarder',
            'forward',
            [targets, [10n ** 12n, 2n * 10n ** 12n, 3n * 10n ** 12n]],
            6n * 10n ** 12n,
            200_000,
          ),
        );
      }
    }
    await mineBlock(anvil, txs);
    transactions += txs.length;
  }
  return { contracts, accounts, transactions };
}
