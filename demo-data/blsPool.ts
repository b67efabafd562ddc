// Proofs of possession cost tens of milliseconds each (hash to G2, then a G2 multiplication), so the
// seeder computes those the checked-in table lacks (validatorCredentialsTable.ts) in worker
// threads while the main thread writes EVM data. Results are identical to demoValidatorCredentials:
// only where the work runs changes.
import { toHex } from '../avalanche/bytes';
import { startWorker } from '../shared/startWorker';
import type { NetworkName } from './constants';
import type { ComputedCredentials, CredentialsWorkerData } from './credentialsWorker';
import {
  BLS_POP_DST,
  demoValidatorSecretKey,
  hasValidatorCredentials,
  rememberValidatorCredentials,
} from './validatorKeys';

/** One validator whose credentials are needed. */
export type CredentialRequest = { network: NetworkName; index: number };

/**
 * Memoises the credentials of many validators (validatorKeys.ts), computing on `workers` threads
 * those neither memoised nor in the checked-in table.
 * @param requests validators whose credentials will be needed
 * @param workers number of threads, at least 1
 * @returns when every credential is at hand
 * @throws Error when a worker fails
 * @example
 * const done = precomputeCredentials([{ network: 'mainnet', index: 0 }], 1)
 * // ... other work ...
 * await done
 */
export async function precomputeCredentials(requests: CredentialRequest[], workers: number): Promise<void> {
  const todo = requests.filter((r) => !hasValidatorCredentials(r.network, r.index));
  for (const result of await computeCredentials(todo, workers)) {
    rememberValidatorCredentials(result.network, result.index, result);
  }
}

/**
 * Computes credentials on `workers` threads, whatever is memoised or tabled (the table's generator
 * uses this).
 * @param requests validators to compute
 * @param workers number of threads, at least 1
 * @returns their credentials, in no particular order
 * @throws Error when a worker fails
 * @example await computeCredentials([{ network: 'fuji', index: 0 }], 2)
 */
export async function computeCredentials(
  requests: CredentialRequest[],
  workers: number,
): Promise<ComputedCredentials[]> {
  if (requests.length === 0) return [];
  const count = Math.max(1, Math.min(workers, requests.length));
  const slices: CredentialRequest[][] = Array.from({ length: count }, () => []);
  requests.forEach((request, i) => {
    slices[i % count]!.push(request);
  });
  const results = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<ComputedCredentials[]>((resolve, reject) => {
          const items = slice.map((r) => ({ ...r, secretKey: toHex(demoValidatorSecretKey(r.network, r.index)) }));
          const workerData: CredentialsWorkerData = { dst: BLS_POP_DST, items };
          const worker = startWorker(require.resolve('./credentialsWorker'), { workerData });
          worker.once('message', (message: ComputedCredentials[]) => {
            resolve(message);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
  return results.flat();
}
