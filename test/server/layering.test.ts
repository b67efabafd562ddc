// Production code never imports the demo data generator: only the composition root loads it,
// lazily, when the demo data set is wanted or present (server/loadDemoData.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const productionFolders = ['avalanche', 'domain', 'gateway', 'logging', 'node-rpc', 'prisma', 'rest-facade', 'server', 'signature-aggregator', 'subgraphs'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|mjs|js)$/.test(name) ? [file] : [];
  });
}

describe('layering', () => {
  it('no production module imports demo-data/, except the composition root’s lazy import()', () => {
    const offenders: string[] = [];
    for (const folder of productionFolders) {
      for (const file of sources(path.join(root, folder))) {
        const text = readFileSync(file, 'utf8');
        const relative = path.relative(root, file);
        for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]*demo-data[^'"]*)['"]/g)) {
          const lazy = match[0].startsWith('import');
          if (!(relative === path.join('server', 'loadDemoData.ts') && lazy)) offenders.push(`${relative}: ${match[1]}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
