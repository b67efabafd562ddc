// `npm run docs:options`: rewrites the README's "Configuration" table from the declared options
// (shared/config/serviceOptions.ts); test/shared/config/readmeOptionsTable.test.ts fails while they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderOptionsTable, withOptionsTable } from '../shared/config/renderOptionsTable';
import { serviceOptions } from '../shared/config/serviceOptions';

/**
 * Writes the table into the README between its markers.
 * @param readme the README's path
 * @returns whether the file changed
 */
export function writeOptionsTable(readme: string): boolean {
  const before = readFileSync(readme, 'utf8');
  const after = withOptionsTable(before, renderOptionsTable(serviceOptions));
  if (after !== before) writeFileSync(readme, after);
  return after !== before;
}

if (require.main === module) {
  // Run from dist/bin or bin: the README is at the repository root either way.
  const root = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');
  const changed = writeOptionsTable(path.join(root, 'README.md'));
  console.log(
    changed ? 'README.md: the Configuration table is rewritten' : 'README.md: the Configuration table is up to date',
  );
}
