// NFT metadata fetching: http(s), ipfs:// through the configured gateway and data: URIs, with one
// indexStatus of the enumerations note for each outcome.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchNftMetadata, resolveTokenUri } from '../../indexer/evm/metadata/fetchNftMetadata';

let server: Server;
let base = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url ?? '');
    if (request.url === '/ipfs/QmToken/7.json') return response.end(JSON.stringify({ name: 'From IPFS', decimals: 2, properties: { a: 1 } }));
    if (request.url === '/big') return response.end('x'.repeat(5_000));
    if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 2_000).unref();
    if (request.url === '/throttled') return response.writeHead(429).end();
    if (request.url === '/array') return response.end('[1,2]');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => {
  server.closeAllConnections();
  server.close(resolve);
}));

const options = () => ({ ipfsGateway: `${base}/ipfs/`, timeoutMs: 500, maxBytes: 1_000 });

describe('fetchNftMetadata', () => {
  test('ipfs:// goes through the configured gateway; INDEXED with the document\'s fields', async () => {
    expect(resolveTokenUri('ipfs://QmToken/7.json', 'https://gw.example/ipfs')).toBe('https://gw.example/ipfs/QmToken/7.json');
    const outcome = await fetchNftMetadata('ipfs://QmToken/7.json', options());
    expect(outcome).toEqual({
      indexStatus: 'INDEXED',
      metadata: { name: 'From IPFS', symbol: null, image: null, description: null, animationUrl: null, externalUrl: null, background: null, attributes: null, properties: '{"a":1}', decimals: 2 },
    });
    expect(seen).toContain('/ipfs/QmToken/7.json');
  });

  test('data: URIs, base64 and percent-encoded, never leave the process', async () => {
    const json = JSON.stringify({ name: 'Inline', image: 'data:image/svg+xml;base64,AA==', attributes: [{ trait_type: 'x', value: 1 }] });
    const base64 = await fetchNftMetadata(`data:application/json;base64,${Buffer.from(json).toString('base64')}`, options());
    const encoded = await fetchNftMetadata(`data:application/json,${encodeURIComponent(json)}`, options());
    expect(base64).toEqual(encoded);
    expect(base64.indexStatus === 'INDEXED' && base64.metadata).toMatchObject({ name: 'Inline', image: 'data:image/svg+xml;base64,AA==', attributes: '[{"trait_type":"x","value":1}]' });
  });

  test.each([
    ['', 'INVALID_TOKEN_URI'],
    ['ar://abc', 'INVALID_TOKEN_URI_SCHEME'],
    ['/missing', 'UNREACHABLE_TOKEN_URI'],
    ['/slow', 'UNREACHABLE_TOKEN_URI'],
    ['/throttled', 'THROTTLED_TOKEN_URI'],
    ['/big', 'METADATA_CONTENT_TOO_LARGE'],
    ['/array', 'INVALID_METADATA'],
    ['data:application/json,{oops', 'INVALID_METADATA_JSON'],
    ['http://127.0.0.1:1/unreachable', 'UNREACHABLE_TOKEN_URI'],
  ])('%s → %s', async (uri, status) => {
    const outcome = await fetchNftMetadata(uri.startsWith('/') ? `${base}${uri}` : uri, options());
    expect(outcome.indexStatus).toBe(status);
  });
});
