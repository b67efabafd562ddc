// Writes the checked-in table of the demo validators' BLS credentials (validatorCredentialsTable.ts)
// after a change to their derivation or to the validators the demo data set has:
//   npm run demo:credentials
// It computes every validator a seed at scale 1 needs with noble, on a thread per core (about
// 25 s on two cores).
import { availableParallelism } from 'node:os';
import { writeFileSync } from 'node:fs';
import { demoCredentialRequests } from '..';
import { computeCredentials } from '../blsPool';
import type { NetworkName } from '../constants';
import {
  CREDENTIALS_TABLE_PATH,
  encodeCredentialsTable,
  TABLE_NETWORKS,
  type TabledCredentials,
} from '../validatorCredentialsTable';

async function main(): Promise<void> {
  const requests = demoCredentialRequests(1);
  const computed = await computeCredentials(requests, availableParallelism());
  const byNetwork = Object.fromEntries(TABLE_NETWORKS.map((network) => [network, [] as TabledCredentials[]])) as Record<
    NetworkName,
    TabledCredentials[]
  >;
  for (const { network, index, publicKey, proofOfPossession } of computed)
    byNetwork[network][index] = { publicKey, proofOfPossession };
  for (const network of TABLE_NETWORKS) {
    // biome-ignore lint/complexity/useIndexOf: the array's type has no undefined member; holes do
    const missing = byNetwork[network].findIndex((entry) => entry === undefined);
    // The seeder asks for validators 0..n-1 of each network; a gap would end the table early.
    if (missing !== -1) throw new Error(`${network}: validator ${missing} was not computed`);
  }
  writeFileSync(CREDENTIALS_TABLE_PATH, encodeCredentialsTable(byNetwork));
  console.log(
    `${CREDENTIALS_TABLE_PATH}: ${TABLE_NETWORKS.map((network) => `${byNetwork[network].length} ${network}`).join(', ')} validators`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
