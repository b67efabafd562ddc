/**
 * Splits a comma-separated parameter (`addresses`, `nodeIds`, `contractAddresses`) into its
 * items: spaces around items ignored, empty items refused, duplicates dropped, at most `max`.
 * @param input the parameter as sent
 * @param max the most items accepted
 * @param parseItem checks one item (throws its rule)
 * @returns the distinct parsed items, in order
 * @throws Error with the broken rule
 * @example commaList('a, b', 64, (item) => item) // ['a', 'b']
 */
export function commaList<Item>(
  input: string | number,
  max: number,
  parseItem: (item: string) => Item,
  key: (item: Item) => string = String,
): Item[] {
  const items = String(input)
    .split(',')
    .map((item) => item.trim());
  if (items.some((item) => item === '')) throw new Error('must be a comma-separated list without empty items');
  if (items.length > max) throw new Error(`must list at most ${max} items`);
  const seen = new Set<string>();
  const parsed: Item[] = [];
  for (const item of items) {
    const value = parseItem(item);
    if (seen.has(key(value))) continue;
    seen.add(key(value));
    parsed.push(value);
  }
  return parsed;
}
