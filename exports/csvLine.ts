/**
 * One CSV record (RFC 4180): cells joined by commas, a cell holding a comma, quote or line break
 * quoted with its quotes doubled, null and undefined empty; ends with CRLF.
 * @param cells the cells
 * @returns the line
 * @example csvLine(['a', 'b,c', 1]) // 'a,"b,c",1\r\n'
 */
export function csvLine(cells: ReadonlyArray<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(cell: string | number | boolean | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
