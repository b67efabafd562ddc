import type { PrismaClient } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { loaderKey } from '../../shared/loaderKeys';
import { balancesSql, type BalanceSumRow } from '../queries/balancesSql';

/** Key of `Address.balances`: the address, the chain and the instant. */
export type AddressBalancesKey = { network: DbNetwork; blockchainId: string; address: string; at: number };

/**
 * Loads the balance sums of each address in the batch: one statement per distinct (network,
 * chain, instant), summing per address (balancesSql with `perAddress`).
 * @param prisma the client
 * @param keys the batch
 * @returns the sums of each key, in key order
 * @example await loadBalancesOfAddresses(prisma, [{ network: 'MAINNET', blockchainId, address: 'avax1…', at: now }])
 */
export async function loadBalancesOfAddresses(
  prisma: PrismaClient,
  keys: readonly AddressBalancesKey[],
): Promise<BalanceSumRow[][]> {
  const groups = new Map<string, AddressBalancesKey[]>();
  for (const key of keys) {
    const group = loaderKey({ network: key.network, blockchainId: key.blockchainId, at: key.at });
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  const found = new Map<string, BalanceSumRow[]>();
  for (const [group, members] of groups) {
    const { network, blockchainId, at } = members[0]!;
    const addresses = [...new Set(members.map((key) => key.address))];
    const rows = await prisma.$queryRaw<BalanceSumRow[]>(
      balancesSql({ network, blockchainId, addresses, at, perAddress: true }),
    );
    for (const row of rows) {
      const id = `${group}|${row.address}`;
      found.set(id, [...(found.get(id) ?? []), row]);
    }
  }
  return keys.map(
    (key) =>
      found.get(`${loaderKey({ network: key.network, blockchainId: key.blockchainId, at: key.at })}|${key.address}`) ??
      [],
  );
}
