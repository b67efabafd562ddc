// The layering (.dependency-cruiser.cjs): a folder imports only the folders below it, no cycles,
// demo-data/ only through the server's lazy import(). dependency-cruiser checks the tree, and the
// same rules are shown to fail on a small tree that breaks each of them.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');

type Violation = { rule: { name: string }; from: string; to: string };

/** Cruises `dir` with the project's rules; resolves to its violations, as `rule: from -> to` sorted, or to why it could not cruise. */
function cruise(dir: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [depcruise, '--config', config, '--output-type', 'json', '.'],
      { cwd: dir, maxBuffer: 256 * 1024 * 1024 },
      (_error, stdout, stderr) => {
        try {
          const violations: Violation[] = JSON.parse(stdout).summary.violations;
          resolve(violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort());
        } catch {
          resolve([`dependency-cruiser did not cruise: ${stderr || stdout.slice(0, 2000)}`]);
        }
      },
    );
  });
}

describe('the layering', () => {
  it('every import of the tree points down the layers, with no cycle', async () => {
    expect(await cruise(root)).toEqual([]);
  });

  describe('the rules fail on a tree that breaks them', () => {
    let dir: string;
    const files: Record<string, string> = {
      'shared/clock.ts': 'export const now = () => 0;\n',
      'prisma/write.ts': "import { count } from '../metrics/count';\nexport const write = () => count();\n",
      'metrics/count.ts': "import { now } from '../shared/clock';\nexport const count = () => now();\n",
      'indexer/run.ts': "import { options } from '../server/options';\nexport const run = () => options;\n",
      'server/options.ts': 'export const options = {};\n',
      'server/index.ts': "import { run } from '../indexer/run';\nexport const start = () => run();\n",
      'server/loadDemoData.ts':
        "import { seed } from '../demo-data/seed';\nexport const load = async () => { await import('../demo-data/signers'); return seed; };\n",
      'server/seedNow.ts': "export const seedNow = async () => (await import('../demo-data/seed')).seed;\n",
      'demo-data/seed.ts': 'export const seed = 1;\n',
      'demo-data/signers.ts': 'export const signers = 1;\n',
      'domain/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'domain/b.ts': "import type { a } from './a';\nexport const b: typeof a | null = null;\n",
      'tools/x.ts': "import { now } from '../shared/clock';\nexport const x = now;\n",
      'avalanche/id.ts': "import { missing } from './nowhere';\nexport const id = missing;\n",
    };

    beforeAll(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      }
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('names each arrow back up, sideways, into demo-data, round a cycle, from outside the layers or to nowhere', async () => {
      expect(await cruise(dir)).toEqual(
        [
          'prisma-imports-only-below: prisma/write.ts -> metrics/count.ts',
          'indexer-imports-only-below: indexer/run.ts -> server/options.ts',
          'demo-data-loaded-lazily: server/loadDemoData.ts -> demo-data/seed.ts',
          'no-demo-data-in-production: server/seedNow.ts -> demo-data/seed.ts',
          // a cycle is told once, at its first arrow (b.ts's is an `import type`: a dependency too)
          'no-circular: domain/a.ts -> domain/b.ts',
          'in-a-layer: tools/x.ts -> shared/clock.ts',
          'not-to-unresolvable: avalanche/id.ts -> ./nowhere',
        ].sort(),
      );
    });
  });
});
