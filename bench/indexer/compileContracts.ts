// Compiles the test contracts in-process with solc (npm), OpenZeppelin imports read from
// node_modules; the output is cached in the OS temp folder by source and compiler version.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SOURCES } from './contracts.sol';

/** A compiled contract. */
export type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

/**
 * Compiles (or reads from the cache) every contract of contracts.sol.ts.
 * @returns artifacts by contract name
 * @example const { Token20 } = compileContracts()
 */
export function compileContracts(): Record<string, Artifact> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as {
    version(): string;
    compile(input: string, callbacks: { import(p: string): { contents?: string; error?: string } }): string;
  };
  const key = createHash('sha256').update(solc.version()).update(JSON.stringify(SOURCES)).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), 'avalanche-data-service-test-contracts');
  const cached = path.join(dir, `${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as Record<string, Artifact>;
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(SOURCES).map(([name, content]) => [name, { content }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  // node_modules of this package, from the sources or from dist/
  const root = path.resolve(path.dirname(require.resolve('@openzeppelin/contracts/package.json')), '../..');
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (file) => {
        const full = path.join(root, file);
        return existsSync(full) ? { contents: readFileSync(full, 'utf8') } : { error: `not found: ${file}` };
      },
    }),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const artifacts: Record<string, Artifact> = {};
  for (const contracts of Object.values(output.contracts)) {
    for (const [name, c] of Object.entries(contracts))
      artifacts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(cached, JSON.stringify(artifacts));
  return artifacts;
}
