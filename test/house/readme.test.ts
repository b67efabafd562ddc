// The README is the user's guide, docs/ the reference it links: what they say about the tree (its
// commands, npm scripts, files) is checked against the tree, so a rename or a removal fails here
// instead of leaving the guide wrong.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { commands } from '../../bin/commands';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const readme = read('README.md');
/** The Markdown files of docs/, as paths from the repository root. */
const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => path.posix.join('docs', file.split(path.sep).join('/')));
const guides: Array<[string, string]> = [
  ['README.md', readme],
  ...docs.map((file): [string, string] => [file, read(file)]),
];

/** Markdown without its fenced code blocks (their content is commands and data, not inline code). */
const withoutFences = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '');
/** The inline code spans of Markdown text. */
const inlineCode = (markdown: string) =>
  [...withoutFences(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

/** The rows of the first table after `heading`, as cells (the header row first; the separator row left out). */
function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`no heading ${heading}`);
  const first = lines.findIndex((line, i) => i > start && line.startsWith('|'));
  const rows: string[][] = [];
  for (let i = first; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const cells = splitRow(lines[i]!);
    if (!cells.every((cell) => /^:?-+:?$/.test(cell))) rows.push(cells);
  }
  return rows;
}

/** A table row's cells; a `|` inside inline code does not split. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (const char of line.trim().slice(1, -1)) {
    if (char === '`') inCode = !inCode;
    if (char === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

describe('README begins with the two commands', () => {
  it('opens with its title, then a shell block whose first lines are `npm install && npm start` and `npm test`', () => {
    const lines = readme.split('\n');
    expect(lines[0]).toMatch(/^# /);
    const block = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('# '));
    expect(lines[block]).toBe('```sh');
    expect(lines[block + 1]).toMatch(/^npm install && npm start(\s+#.*)?$/);
    expect(lines[block + 2]).toMatch(/^npm test(\s+#.*)?$/);
  });
});

describe('README command table', () => {
  const table = tableAfter(readme, '### Command line');
  const [header, ...rows] = table;

  it('has a cell for each column in every row', () => {
    expect(header).toEqual(['Command', 'npm script', 'What it does']);
    const broken = rows.filter((cells) => cells.length !== header!.length).map((cells) => cells.join(' | '));
    expect(broken).toEqual([]);
  });

  it('names every command of the command line (bin/commands/index.ts)', () => {
    const named = new Set(rows.flatMap(([usage = '']) => inlineCode(usage).map((code) => code.split(' ')[0])));
    const missing = Object.keys(commands).filter((command) => !named.has(command));
    expect(missing).toEqual([]);
  });

  it('names only commands the command line has', () => {
    const named = rows.flatMap(([usage = '']) => inlineCode(usage).map((code) => code.split(' ')[0]!));
    expect(named.filter((command) => !Object.hasOwn(commands, command))).toEqual([]);
  });
});

describe('npm scripts the README and docs name', () => {
  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

  it.each(guides)('exist in package.json: %s', (_file, markdown) => {
    const named = [...markdown.matchAll(/\bnpm (?:run ([a-z][\w:.-]*)|(start|test)\b)/g)].map(
      (match) => match[1] ?? match[2]!,
    );
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named.filter((name) => !scripts.includes(name)))]).toEqual([]);
  });
});

describe('repository paths the README and docs mention', () => {
  /** Folders .gitignore lists (`dist/`, `prisma/generated/`): built or run-time output, not the repository's. */
  const ignored = read('.gitignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^[\w.-]+(\/[\w.-]+)*\/$/.test(line))
    .map((line) => line.slice(0, -1));
  const isIgnored = (relative: string) =>
    ignored.some((folder) => relative === folder || relative.startsWith(`${folder}/`));
  const rootEntries = new Set(readdirSync(root).filter((entry) => entry !== '.git' && !isIgnored(entry)));
  /** Every file and folder of the repository, as paths from its root. */
  const tree = (() => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.name === '.git' || entry.name === 'node_modules' || isIgnored(relative)) continue;
        found.push(relative);
        if (entry.isDirectory()) walk(relative);
      }
    };
    walk('');
    return found;
  })();
  /** Files a reader writes or brings (config files, avalanchego's genesis files), named in examples. */
  const operatorFiles = new Set(['indexer.json', 'genesis_mainnet.json', 'genesis_fuji.json', 'my-l1-genesis.json']);
  const extensions = /\.(ts|md|json|graphql|prisma)$/;

  /** The words of inline code that name a file or folder of the repository. */
  const pathsIn = (markdown: string) =>
    inlineCode(markdown)
      .flatMap((code) => code.split(/\s+/))
      .map((word) => word.replace(/^[("']+|[)"',;:.]+$/g, ''))
      .filter((word) => {
        // URLs, URL paths, templates, package names, run-time folders (`./data`) and what lies outside the
        // repository (`../`) are not repository paths.
        if (/:\/\/|[<>{}=|?$@…]/.test(word) || /^(\/|\.\.?\/)/.test(word)) return false;
        if (operatorFiles.has(word) || isIgnored(word.replace(/\/$/, ''))) return false;
        const first = word.split('/')[0]!;
        return word.includes('/') ? rootEntries.has(first) || extensions.test(word) : extensions.test(word);
      });

  /**
   * Whether a mentioned path exists: from the root (a `*` matching within one folder), or, for a name relative to
   * the folder its sentence is about (`writeBlock.ts`, `write/writeBlock.ts`), somewhere in the tree.
   */
  const exists = (word: string): boolean => {
    const pattern = word.includes('*')
      ? new RegExp(`^${word.replace(/[.+^()[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`)
      : null;
    if (pattern) return tree.some((entry) => pattern.test(entry));
    const bare = word.replace(/\/$/, '');
    if (rootEntries.has(bare.split('/')[0]!)) {
      const full = path.join(root, bare);
      return existsSync(full) && (!word.endsWith('/') || statSync(full).isDirectory());
    }
    return tree.some((entry) => entry === bare || entry.endsWith(`/${bare}`));
  };

  it.each(guides)('exist in the tree: %s', (_file, markdown) => {
    const mentioned = [...new Set(pathsIn(markdown))];
    expect(mentioned.length).toBeGreaterThan(0);
    expect(mentioned.filter((word) => !exists(word))).toEqual([]);
  });
});

describe('README has no dates', () => {
  it('holds no YYYY-MM-DD (numbers of a run live in bench/RESULTS.md, history in git)', () => {
    expect(readme.match(/20\d\d-\d\d-\d\d/g) ?? []).toEqual([]);
  });
});

describe('README links the API decisions', () => {
  it('links docs/api-decisions.md, which exists', () => {
    expect(readme).toMatch(/\]\(docs\/api-decisions\.md(#[\w-]+)?\)/);
    expect(existsSync(path.join(root, 'docs/api-decisions.md'))).toBe(true);
  });

  it('links only headings docs/api-decisions.md has', () => {
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .trim()
        .replace(/\s/g, '-');
    const anchors = new Set([...read('docs/api-decisions.md').matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1]!)));
    const linked = [...readme.matchAll(/\]\(docs\/api-decisions\.md#([\w-]+)\)/g)].map((match) => match[1]!);
    expect(linked.filter((anchor) => !anchors.has(anchor))).toEqual([]);
  });
});
