// An NFT's metadata from its token URI: http(s), ipfs:// (through the configured gateway) and
// data: URIs, bounded in time and size. The outcome is one of the indexStatus values of the
// enumerations note; only INDEXED carries metadata. Failures that may pass (a network error, a
// timeout, HTTP 408, 429 or 5xx) say so with `retry`: the metadata worker tries them again later.

/** What the fetch found. */
export type NftMetadataOutcome =
  | { indexStatus: 'INDEXED'; metadata: NftMetadata }
  | {
      indexStatus:
        | 'INVALID_TOKEN_URI'
        | 'INVALID_TOKEN_URI_SCHEME'
        | 'UNREACHABLE_TOKEN_URI'
        | 'THROTTLED_TOKEN_URI'
        | 'METADATA_CONTENT_TOO_LARGE'
        | 'INVALID_METADATA'
        | 'INVALID_METADATA_JSON';
      detail: string;
      retry?: true;
    };

/** The metadata fields the EvmNftToken row keeps. */
export type NftMetadata = {
  name: string | null;
  symbol: string | null;
  image: string | null;
  description: string | null;
  animationUrl: string | null;
  externalUrl: string | null;
  background: string | null;
  /** JSON text of `attributes` (ERC-721 convention). */
  attributes: string | null;
  /** JSON text of `properties` (ERC-1155 convention). */
  properties: string | null;
  decimals: number | null;
};

/** Options of {@link fetchNftMetadata}. */
export type FetchNftMetadataOptions = {
  ipfsGateway: string;
  timeoutMs: number;
  maxBytes: number;
  fetch?: typeof fetch;
};

/**
 * The http(s) URL a token URI is fetched from: ipfs:// (and /ipfs/ paths) through the gateway.
 * @param uri the token URI
 * @param gateway e.g. `https://ipfs.io/ipfs/`
 * @returns the URL, or null when the scheme is not one the indexer fetches
 * @example resolveTokenUri('ipfs://Qm.../1.json', 'https://ipfs.io/ipfs/') // 'https://ipfs.io/ipfs/Qm.../1.json'
 */
export function resolveTokenUri(uri: string, gateway: string): string | null {
  if (uri.startsWith('ipfs://'))
    return `${gateway.replace(/\/?$/, '/')}${uri.slice('ipfs://'.length).replace(/^ipfs\//, '')}`;
  if (/^https?:\/\//i.test(uri)) return uri;
  return null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/**
 * Reads metadata JSON into the row's fields.
 * @param body the document text
 * @returns the outcome
 * @example parseNftMetadata('{"name":"Nft #1","image":"ipfs://…"}')
 */
export function parseNftMetadata(body: string): NftMetadataOutcome {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { indexStatus: 'INVALID_METADATA_JSON', detail: (error as Error).message };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return { indexStatus: 'INVALID_METADATA', detail: 'metadata is not a JSON object' };
  const m = json as Record<string, unknown>;
  const decimals =
    typeof m.decimals === 'number' && Number.isInteger(m.decimals) && m.decimals >= 0 && m.decimals <= 255
      ? m.decimals
      : null;
  return {
    indexStatus: 'INDEXED',
    metadata: {
      name: text(m.name),
      symbol: text(m.symbol),
      image: text(m.image ?? m.image_url),
      description: text(m.description),
      animationUrl: text(m.animation_url),
      externalUrl: text(m.external_url),
      background: text(m.background_color),
      attributes: m.attributes === undefined ? null : JSON.stringify(m.attributes),
      properties: m.properties === undefined ? null : JSON.stringify(m.properties),
      decimals,
    },
  };
}

/**
 * Fetches and reads the metadata of a token URI.
 * @param uri the token URI (`tokenURI` / `uri` with `{id}` already replaced)
 * @param options gateway, timeout, size cap
 * @returns the outcome
 * @example await fetchNftMetadata('data:application/json,{"name":"a"}', { ipfsGateway, timeoutMs: 10_000, maxBytes: 1_000_000 })
 */
export async function fetchNftMetadata(uri: string, options: FetchNftMetadataOptions): Promise<NftMetadataOutcome> {
  if (uri.trim() === '') return { indexStatus: 'INVALID_TOKEN_URI', detail: 'empty token URI' };
  if (uri.startsWith('data:')) {
    const comma = uri.indexOf(',');
    if (comma < 0) return { indexStatus: 'INVALID_TOKEN_URI', detail: 'data: URI without a comma' };
    const header = uri.slice(5, comma);
    const payload = uri.slice(comma + 1);
    let body: string;
    try {
      body = header.endsWith(';base64') ? Buffer.from(payload, 'base64').toString('utf8') : decodeURIComponent(payload);
    } catch {
      return { indexStatus: 'INVALID_TOKEN_URI', detail: 'data: URI payload does not decode' };
    }
    if (body.length > options.maxBytes)
      return { indexStatus: 'METADATA_CONTENT_TOO_LARGE', detail: `${body.length} bytes` };
    return parseNftMetadata(body);
  }
  const url = resolveTokenUri(uri, options.ipfsGateway);
  if (!url) return { indexStatus: 'INVALID_TOKEN_URI_SCHEME', detail: uri.slice(0, 40) };
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    return { indexStatus: 'UNREACHABLE_TOKEN_URI', detail: (error as Error).message, retry: true };
  }
  if (response.status === 429) return { indexStatus: 'THROTTLED_TOKEN_URI', detail: 'HTTP 429', retry: true };
  if (response.status === 408 || response.status >= 500)
    return { indexStatus: 'UNREACHABLE_TOKEN_URI', detail: `HTTP ${response.status}`, retry: true };
  if (!response.ok) return { indexStatus: 'UNREACHABLE_TOKEN_URI', detail: `HTTP ${response.status}` };
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes)
    return { indexStatus: 'METADATA_CONTENT_TOO_LARGE', detail: `${declared} bytes` };
  // Read at most maxBytes + 1 so a server that lies about (or omits) the length cannot exhaust memory.
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = reader ? await reader.read() : { done: true, value: undefined };
      if (done || !value) break;
      size += value.length;
      if (size > options.maxBytes) {
        await reader?.cancel();
        return { indexStatus: 'METADATA_CONTENT_TOO_LARGE', detail: `more than ${options.maxBytes} bytes` };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { indexStatus: 'UNREACHABLE_TOKEN_URI', detail: (error as Error).message, retry: true };
  }
  return parseNftMetadata(Buffer.concat(chunks).toString('utf8'));
}
