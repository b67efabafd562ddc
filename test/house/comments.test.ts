import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Comments say why, in the present tense: no dates, no measurement logs, no pointers to the
// benchmarks' notes. Numbers belong in the generated bench/RESULTS.md, in commit messages and in
// closing notes; bench/README.md describes the method, and bench/ names files by what they measure.

const root = path.resolve(__dirname, '../..');

/** Top-level folders that are not production code: tests, benchmarks, tooling output, data. */
const notProduction = new Set([
  'test',
  'bench',
  'node_modules',
  'dist',
  'coverage',
  'data',
  'reference',
  'schema',
  'docs',
]);
/** Generated code, and migrations, whose SQL comments are history by nature. */
const skippedPaths = [/^prisma\/generated\//, /^prisma\/migrations\//];

const months =
  'Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?';

/** What a production comment must not hold, each with the rule it stands for. */
const rules: readonly { rule: string; pattern: RegExp }[] = [
  // A timestamp's reading (2020-12-05T05:00Z) says what a constant means; a bare date is a diary entry.
  { rule: 'an ISO date', pattern: /\b20\d\d-[01]\d-[0-3]\d\b(?!T)/ },
  {
    rule: 'a month-name date',
    pattern: new RegExp(
      `\\b(?:(?:${months})\\.? \\d{1,2}(?:st|nd|rd|th)?,? 20\\d\\d|\\d{1,2} (?:${months}) 20\\d\\d|(?:${months}) 20\\d\\d)\\b`,
    ),
  },
  { rule: "a pointer to the benchmarks' notes", pattern: /bench\/[A-Z]+\.md/ },
  { rule: 'a throughput figure', pattern: /\b(?:req|requests|ops|executions)\/s\b/ },
  { rule: 'a before → after figure', pattern: /\d(?:\.\d+)?\s*(?:ms|µs|s|%|MiB|MB|KB|GB)?\s*(?:→|->)\s*\d/ },
  {
    rule: 'a speed-up factor',
    pattern: /\b\d+(?:\.\d+)?[x×] (?:faster|slower|its|the|as long|as fast|more|fewer|less)\b/i,
  },
  { rule: 'a share of the CPU', pattern: /\d ?% (?:of|more|less|fewer)\b[^.]*\b(?:CPU|throughput|executions)\b/ },
  {
    rule: 'a timing that was taken',
    pattern: /\b(?:took|takes|cost|costs) (?:about |around |roughly )?\d+(?:[.,]\d+)?\s?(?:ms|µs|s|%)(?![\w-])/,
  },
  { rule: 'a measurement log', pattern: /\bmeasured (?:here|again|on|in this)\b|\bon Node \d+\b/i },
  { rule: 'history', pattern: /\bIt replaced\b|\bwent from \d/ },
];

/** The rule a comment's text breaks, if any. */
function brokenRule(comment: string): string | undefined {
  return rules.find(({ pattern }) => pattern.test(comment))?.rule;
}

/** The comments of a source file: TypeScript/JavaScript trivia, `//` lines of a Prisma schema, `#` lines of a shell script. */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  if (file.endsWith('.prisma')) return lineComments(text, /^\s*\/\/\/?(.*)$/);
  if (file.endsWith('.sh')) return lineComments(text, /^\s*#(?!!)(.*)$/);
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const seen = new Map<number, { line: number; text: string }>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (!seen.has(range.pos))
        seen.set(range.pos, {
          line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
          text: text.slice(range.pos, range.end),
        });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return [...seen.values()];
}

function lineComments(text: string, pattern: RegExp): { line: number; text: string }[] {
  return text.split('\n').flatMap((line, i) => {
    const match = pattern.exec(line);
    return match ? [{ line: i + 1, text: match[1]! }] : [];
  });
}

function filesUnder(dir: string, accept: (relative: string) => boolean): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.posix.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return filesUnder(relative, accept);
    return accept(relative) ? [relative] : [];
  });
}

function productionSources(): string[] {
  const folders = readdirSync(root).filter(
    (name) => !name.startsWith('.') && !notProduction.has(name) && statSync(path.join(root, name)).isDirectory(),
  );
  return folders.flatMap((folder) =>
    filesUnder(
      folder,
      (relative) =>
        /\.(?:ts|mts|cts|js|mjs|cjs|prisma|sh)$/.test(relative) &&
        !relative.endsWith('.d.ts') &&
        !skippedPaths.some((skip) => skip.test(relative)),
    ),
  );
}

describe('production comments', () => {
  it.each([
    ['an ISO date', 'measured again on 2026-11-27 it seeds the demo data'],
    ['a month-name date', 'as of November 27, 2026 the pool holds'],
    ['a month-name date', 'the default since Nov 2026'],
    ["a pointer to the benchmarks' notes", "a tenth of a request's CPU (bench/README.md)."],
    ["a pointer to the benchmarks' notes", 'read every contract of the chain, bench/PLANS.md).'],
    ['a throughput figure', 'cost the list its throughput (163 req/s)'],
    ['a before → after figure', "GET transaction's statement 0.50 → 0.44 ms a round trip"],
    ['a before → after figure', 'bench:validators floor 163 -> 793'],
    ['a speed-up factor', 'measured on PGlite about 2x faster than multi-row VALUES'],
    ['a speed-up factor', 'cost the list 4.6x its throughput'],
    ['a timing that was taken', 'literal took about 20 µs per request'],
    ['a timing that was taken', "a reorg's rollup recount took 22 s for 40 anvil blocks"],
    ['a share of the CPU', "listeners together took 3 % of a metrics page's CPU"],
    ['a measurement log', 'the slow way: measured here, a one-route Express app spent more'],
    ['a measurement log', 'about 20 µs per request on Node 20'],
    ['history', 'It replaced @electric-sql/pglite-socket (0.2.17), which hands'],
    ['history', 'went from 10 ms to the statement timeout'],
  ])('finds %s: "%s"', (rule, sample) => {
    expect(brokenRule(sample)).toBe(rule);
  });

  it.each([
    "1607144400 is avalanchego's InitiallyActiveTime (2020-12-05T05:00Z).",
    'The data set\'s "now", Unix seconds (2026-11-01T00:00:00Z).',
    'Bound on one database statement, ms; a longer one is cancelled (503).',
    '`http-body-limit` default: 5 MiB.',
    'The text signature of a 4-byte selector (`0xa9059cbb` → `transfer(address,uint256)`).',
    'Daily rhythm: busiest around 15:00 UTC, quietest around 03:00 UTC (0.4x to 1.6x).',
    "Share of the table's size (as the keeper last measured it; 0 before its first run)",
    'Each fragment is measured once per document, so the rule is linear',
    '1M AVAX staked for a year when 360M AVAX exist: (720M − 360M) × 1/360 × 12 % = 120,000 AVAX',
    'Proofs of possession cost tens of milliseconds each (hash to G2, then a G2 multiplication)',
    'Number of users of a chain at a scale: grows with the square root of the scale, at most 4x.',
    "a validator's weight is capped at 5 × its own stake",
    'transfers between other addresses, before and after Cortina.',
    'the row keeps the day it replaced in `previous_day`',
  ])('lets through "%s"', (sample) => {
    expect(brokenRule(sample)).toBeUndefined();
  });

  it('finds comments in code, in a Prisma schema and in a shell script, not in strings', () => {
    const code = 'const a = 1; // took 22 s\nconst b = `// took 9 s`;\n/** bench/README.md */\nexport const c = 2;\n';
    expect(commentsOf('x.ts', code).map((comment) => brokenRule(comment.text))).toEqual([
      'a timing that was taken',
      "a pointer to the benchmarks' notes",
    ]);
    expect(commentsOf('schema.prisma', 'model A {\n  /// measured here\n  id Int // 2026-11-27\n}\n')).toEqual([
      { line: 2, text: ' measured here' },
    ]);
    expect(commentsOf('run.sh', '#!/usr/bin/env bash\n# 163 -> 793 req/s\necho "#x"\n')).toEqual([
      { line: 2, text: ' 163 -> 793 req/s' },
    ]);
  });

  it("say why, in the present tense: no dates, measurement logs or pointers to the benchmarks' notes", () => {
    const offenders = productionSources().flatMap((file) =>
      commentsOf(file, readFileSync(path.join(root, file), 'utf8')).flatMap(({ line, text }) => {
        const rule = brokenRule(text);
        return rule ? [`${file}:${line}: ${rule}: ${text.trim().slice(0, 160)}`] : [];
      }),
    );
    expect(offenders).toEqual([]);
  });
});

describe('bench/README.md', () => {
  const readme = readFileSync(path.join(root, 'bench/README.md'), 'utf8');

  it('describes the method in under 400 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(400);
  });

  it('has no dates: it is not a diary', () => {
    const dates = readme
      .split('\n')
      .filter((line) => /\b20\d\d-[01]\d-[0-3]\d\b/.test(line) || rules[1]!.pattern.test(line));
    expect(dates).toEqual([]);
  });
});

describe('bench/ file names', () => {
  /** A name that refers to an issue rather than to what it measures. */
  const namedAfterIssue = (relative: string) =>
    relative.split('/').some((part) => /issue|^\d+(?=[-_.])|[-_]\d+\.|^i\d+[-_]/i.test(part));

  it.each([
    ['bench/suite/issueTargets.ts'],
    ['bench/issue-15/targets.ts'],
    ['bench/15-suite.ts'],
    ['bench/suite_44.ts'],
  ])('finds %s', (name) => {
    expect(namedAfterIssue(name)).toBe(true);
  });

  it.each([['bench/suite/judgeTargets.ts'], ['bench/autocannon.d.ts'], ['bench/indexer/contracts.sol.ts']])(
    'lets through %s',
    (name) => {
      expect(namedAfterIssue(name)).toBe(false);
    },
  );

  it('say what they measure, not which issue asked for them', () => {
    expect(filesUnder('bench', () => true).filter(namedAfterIssue)).toEqual([]);
  });
});
