// The README's "Configuration" table is the declared options, rendered: an option added, renamed or
// given another default without the README (or the other way round) fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultText } from '../../../shared/config/declareOption';
import {
  renderOptionsTable,
  TABLE_BEGIN,
  TABLE_END,
  withOptionsTable,
} from '../../../shared/config/renderOptionsTable';
import { serviceOptions } from '../../../shared/config/serviceOptions';

const readme = readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
const table = readme.slice(readme.indexOf(TABLE_BEGIN) + TABLE_BEGIN.length, readme.indexOf(TABLE_END)).trim();

describe("README's Configuration table", () => {
  test('sits between its markers under "## Configuration"', () => {
    const section = readme.indexOf('## Configuration');
    expect(section).toBeGreaterThanOrEqual(0);
    expect(readme.indexOf(TABLE_BEGIN)).toBeGreaterThan(section);
    expect(readme.indexOf(TABLE_END)).toBeGreaterThan(readme.indexOf(TABLE_BEGIN));
  });

  test('is what the declarations render (fix: npm run docs:options)', () => {
    expect(table).toBe(renderOptionsTable(serviceOptions));
  });

  test('holds every declared variable with its default and meaning, and nothing undeclared', () => {
    const rows = new Map(
      table
        .split('\n')
        .slice(2)
        .map((row) => [/^\| `([A-Z0-9_]+)` \|/.exec(row)?.[1], row]),
    );
    const declared = Object.values(serviceOptions);
    expect([...rows.keys()].sort()).toEqual(declared.map((option) => option.env).sort());
    for (const option of declared) {
      expect(rows.get(option.env)).toContain(` ${defaultText(option)} |`);
      expect(rows.get(option.env)).toContain(option.meaning);
    }
  });
});

describe('withOptionsTable()', () => {
  test('replaces only what is between the markers', () => {
    expect(withOptionsTable(`a\n${TABLE_BEGIN}\nold\n${TABLE_END}\nb`, 'new')).toBe(
      `a\n${TABLE_BEGIN}\nnew\n${TABLE_END}\nb`,
    );
    expect(() => withOptionsTable('no markers', 'new')).toThrow('lacks the markers');
  });
});
