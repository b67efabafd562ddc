// A token-metadata host on 127.0.0.1 for the anvil chains' NFTs, with every outcome an indexer
// meets: token 3n+1 → 404, 5n → not JSON, the others a JSON document naming the token (ERC-1155
// URIs, `/m/{id}.json`, answer every hex ID).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts the host.
 * @returns the server (close it after the tests) and its base URL
 * @example const { server, base } = await startNftMetadataHost(); … `${base}/nft/`
 */
export async function startNftMetadataHost(): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    const id = Number(/(\d+|[0-9a-f]{64})(\.json)?$/.exec(request.url ?? '')?.[1] ?? 'x');
    const n = request.url?.includes('/m/') ? Number.parseInt(/([0-9a-f]{64})/.exec(request.url)![1]!, 16) : id;
    if (n % 3 === 1 && !request.url?.includes('/m/')) return response.writeHead(404).end();
    if (n % 5 === 0) return response.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        name: `Token #${n}`,
        image: `ipfs://img/${n}.png`,
        attributes: [{ trait_type: 'n', value: n }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
