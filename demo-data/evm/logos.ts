// Token logos as self-contained SVG data URIs: a coloured disc with the symbol. A self-hosted
// demo then renders logos without fetching anything from the internet.

/**
 * A round SVG logo with up to four letters of the symbol.
 * @param symbol token symbol
 * @param color CSS colour of the disc
 * @returns `data:image/svg+xml;base64,...`
 * @example svgLogo('AVAX', '#E84142')
 */
export function svgLogo(symbol: string, color: string): string {
  const label = symbol.replace(/[^A-Za-z0-9.]/g, '').slice(0, 4);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="38" font-family="Arial,sans-serif" font-size="${label.length > 3 ? 14 : 18}" font-weight="bold" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
