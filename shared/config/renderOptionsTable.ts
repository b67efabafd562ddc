// The README's "Configuration" table, rendered from the declarations so the two cannot disagree
// (test/shared/config/readmeOptionsTable.test.ts; `npm run docs:options` rewrites it).
import { defaultText, type OptionSet } from './declareOption';

/** The markers around the generated table in README.md. */
export const TABLE_BEGIN = '<!-- options:begin -->';
export const TABLE_END = '<!-- options:end -->';

/**
 * One row per option that has an environment variable: variable, default, values, meaning.
 * @example renderOptionsTable(serviceOptions).split('\n')[0] // '| Variable | Default | Values | Meaning |'
 */
export function renderOptionsTable(set: OptionSet): string {
  const cell = (value: string) => value.replace(/\|/g, '\\|');
  const rows = Object.values(set)
    .filter((declared) => declared.env !== undefined)
    .map(
      (declared) =>
        `| \`${declared.env}\` | ${cell(defaultText(declared))} | ${cell(declared.parser.expected).replace(/</g, '&lt;')} | ${cell(declared.meaning)} |`,
    );
  return ['| Variable | Default | Values | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/**
 * The document with the text between the markers replaced by the table.
 * @throws Error when the markers are missing
 */
export function withOptionsTable(document: string, table: string): string {
  const begin = document.indexOf(TABLE_BEGIN);
  const end = document.indexOf(TABLE_END);
  if (begin < 0 || end < begin) throw new Error(`the document lacks the markers ${TABLE_BEGIN} … ${TABLE_END}`);
  return `${document.slice(0, begin + TABLE_BEGIN.length)}\n${table}\n${document.slice(end)}`;
}
