// A strict reader of the Prometheus text exposition format (0.0.4), for tests: every line must be
// a comment (# HELP / # TYPE), blank, or a sample `name{label="value",...} value [timestamp]` whose
// family was declared, with valid names and escapes. Anything else throws, so "it parses" means
// what Prometheus would accept.

/** One sample line. */
export type Sample = { name: string; labels: Record<string, string>; value: number };

/** A metric family: its declared type and its samples (histogram samples keep their suffixes). */
export type Family = { name: string; type: string; help: string; samples: Sample[] };

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const labelPair = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\[\\"n])*)"(?:,|$)/;

/**
 * Parses an exposition into families by name.
 * @example parsePrometheusText(await (await fetch('/metrics')).text()).get('http_requests_total')
 */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sampleName: string) =>
    families.get(sampleName) ?? families.get(sampleName.replace(/_(bucket|sum|count|total|created)$/, ''));
  for (const [index, line] of text.split('\n').entries()) {
    const fail = (why: string) => new Error(`line ${index + 1}: ${why}: ${line}`);
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const [, keyword, name, rest = ''] = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line) ?? [];
      if (!keyword) continue; // other comments are allowed
      if (!metricName.test(name!)) throw fail('bad metric name');
      const family = families.get(name!) ?? { name: name!, type: 'untyped', help: '', samples: [] };
      if (keyword === 'TYPE') {
        if (!/^(counter|gauge|histogram|summary|untyped)$/.test(rest)) throw fail('bad type');
        family.type = rest;
      } else family.help = rest;
      families.set(name!, family);
      continue;
    }
    const [, name, labelText = '', valueText] = /^([^\s{]+)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/.exec(line) ?? [];
    if (!name || !metricName.test(name)) throw fail('bad sample');
    const labels: Record<string, string> = {};
    let remaining = labelText;
    while (remaining.length > 0) {
      const match = labelPair.exec(remaining);
      if (!match) throw fail('bad labels');
      labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
      remaining = remaining.slice(match[0].length);
    }
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    if (valueText !== 'NaN' && Number.isNaN(value)) throw fail('bad value');
    const family = familyOf(name);
    if (!family) throw fail('sample of an undeclared family');
    family.samples.push({ name, labels, value });
  }
  return families;
}
