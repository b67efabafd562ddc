// The front door as a page: plain HTML with its style inline and no script, so it loads nothing but
// the service's own icon.
import { faviconPath, faviconType } from './favicon';
import type { FrontDoor } from './frontDoorContent';

const style = [
  'body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}',
  'h1{font-size:1.6rem;margin-bottom:0}h2{font-size:1.15rem;margin-top:1.6rem}',
  'table{border-collapse:collapse}th,td{text-align:left;padding:.2rem .9rem .2rem 0}',
  'td.n{text-align:right;font-variant-numeric:tabular-nums}code{font-size:.9em}.muted{color:#666}',
].join('');

/** The endpoints, as the page names them. */
const endpoints: [keyof FrontDoor['links'], string][] = [
  ['docs', 'REST API reference (try the /v1 and /v2 routes)'],
  ['graphql', 'GraphQL, with its explorer'],
  ['openapi', 'OpenAPI document of /v1 and /v2'],
  ['ready', 'readiness: the database answers and is migrated'],
  ['metrics', 'Prometheus metrics'],
];

/**
 * The front door's HTML.
 * @param door the content (frontDoorContent.ts)
 * @returns a whole document
 * @example response.type('html').send(renderFrontDoorPage(door))
 */
export function renderFrontDoorPage(door: FrontDoor): string {
  const { data, examples, links } = door;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${html(door.name)} ${html(door.version)}</title>`,
    `<link rel="icon" href="${faviconPath}" type="${faviconType}">`,
    `<style>${style}</style>`,
    '</head><body>',
    `<h1>${html(door.name)}</h1>`,
    `<p class="muted">version ${html(door.version)}: the Avalanche Data API (/v1, /v2), GraphQL and the node RPC</p>`,
    '<h2>Data</h2>',
    dataSummary(data),
    ...(data.evmChains.length === 0
      ? []
      : [
          table(
            ['EVM chain ID', 'name', 'network', 'height'],
            data.evmChains.map((chain) => [
              html(chain.chainId),
              html(chain.name),
              chain.network,
              chain.height === null ? '<span class="muted">no blocks yet</span>' : String(chain.height),
            ]),
          ),
        ]),
    ...(data.primaryNetwork.length === 0
      ? []
      : [
          table(
            ['primary network', 'chain', 'height'],
            data.primaryNetwork.map((chain) => [chain.network, chain.chain, String(chain.height)]),
          ),
        ]),
    '<h2>Try</h2>',
    examples.rest.length === 0 && examples.rpc === undefined
      ? '<p class="muted">Nothing to try until a chain is indexed.</p>'
      : [
          '<ul>',
          ...examples.rest.map((path) => `<li><a href="${html(path)}">GET ${html(path)}</a></li>`),
          ...(examples.rpc === undefined
            ? []
            : [
                `<li>POST ${html(examples.rpc)} <code>{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}</code></li>`,
              ]),
          '</ul>',
        ].join('\n'),
    '<h2>Endpoints</h2>',
    '<ul>',
    ...endpoints.map(([key, what]) => `<li><a href="${links[key]}">${links[key]}</a> ${what}</li>`),
    '</ul>',
    '</body></html>',
  ].join('\n');
}

function dataSummary(data: FrontDoor['data']): string {
  if (data.demoDataSet)
    return `<p>The demo data set (scale ${data.demoDataSet.scale}, its clock fixed at ${html(data.demoDataSet.now)}).</p>`;
  if (data.evmChains.length === 0 && data.primaryNetwork.length === 0)
    return '<p>No chain data yet: index a chain (README, "Indexing a chain").</p>';
  return '<p>Indexed chains, each up to its highest stored block.</p>';
}

function table(headings: string[], rows: string[][]): string {
  const cells = (row: string[], tag: string) =>
    row.map((cell, i) => `<${tag}${tag === 'td' && i === row.length - 1 ? ' class="n"' : ''}>${cell}</${tag}>`);
  return [
    '<table>',
    `<tr>${cells(headings, 'th').join('')}</tr>`,
    ...rows.map((row) => `<tr>${cells(row, 'td').join('')}</tr>`),
    '</table>',
  ].join('\n');
}

/** Text as HTML: chain names come from configs and genesis data. */
function html(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
