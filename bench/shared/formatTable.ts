/**
 * Lays rows out as a plain-text table: columns padded to their widest cell, text left-aligned,
 * numbers right-aligned, a rule under the header.
 *
 * @param header column titles
 * @param rows cells, already formatted
 * @returns the table, lines joined with newlines
 * @example formatTable(['path', 'req/s'], [['REST', '812']])
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((row) => /^[-+\d.,×%]*$/.test(row[i] ?? '')));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
