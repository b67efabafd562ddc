// The one reader of raw request bodies: its limit, announced or counted, and what a body over it
// becomes (refused, or cut as the node's reader cuts it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { bodyTooLargeMessage, MAX_BODY_BYTES, readBody } from '../../shared/readBody';

/** A request whose body arrives in the given chunks, with the given headers. */
function requestOf(chunks: string[], headers: Record<string, string> = {}): IncomingMessage {
  const stream = Object.assign(new PassThrough(), { headers });
  setImmediate(() => {
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  });
  return stream as unknown as IncomingMessage;
}

describe('readBody()', () => {
  it('reads a body within the limit, whole', async () => {
    const read = await readBody(requestOf(['{"a":', '1}']), { limit: 7 });
    expect(read.kind === 'body' && read.bytes.toString()).toBe('{"a":1}');
  });

  it('refuses a body whose Content-Length is over the limit, before reading it', async () => {
    const request = requestOf(['x'], { 'content-length': '8' });
    expect(await readBody(request, { limit: 7 })).toEqual({ kind: 'tooLarge' });
  });

  it('refuses a body that runs past the limit without announcing its length', async () => {
    expect(await readBody(requestOf(['1234', '5678']), { limit: 7 })).toEqual({ kind: 'tooLarge' });
  });

  it('cuts such a body at the limit when asked to', async () => {
    const read = await readBody(requestOf(['1234', '5678', '9']), { limit: 7, overflow: 'cut' });
    expect(read.kind === 'body' && read.bytes.toString()).toBe('1234567');
  });

  it('limits a body to the service’s limit by default', async () => {
    expect(await readBody(requestOf([], { 'content-length': String(MAX_BODY_BYTES + 1) }))).toEqual({
      kind: 'tooLarge',
    });
    const read = await readBody(requestOf(['x'.repeat(MAX_BODY_BYTES)]));
    expect(read.kind === 'body' && read.bytes.length).toBe(1024 * 1024);
  });

  it('fails when the upload fails', async () => {
    const stream = Object.assign(new PassThrough(), { headers: {} });
    setImmediate(() => stream.destroy(new Error('aborted')));
    await expect(readBody(stream as unknown as IncomingMessage)).rejects.toThrow('aborted');
  });
});

describe('bodyTooLargeMessage()', () => {
  it('names the limit in bytes', () => {
    expect([bodyTooLargeMessage(), bodyTooLargeMessage(7)]).toEqual([
      'the request body must be at most 1048576 bytes',
      'the request body must be at most 7 bytes',
    ]);
  });
});

describe('request bodies', () => {
  const root = path.resolve(__dirname, '../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      if (name === 'node_modules' || name === 'generated') return [];
      if (statSync(file).isDirectory()) return sources(file);
      return name.endsWith('.ts') ? [file] : [];
    });

  it('are read by shared/readBody.ts alone in the servers (server, REST, node RPC, aggregator)', () => {
    const readers = ['server', 'rest-facade', 'gateway', 'node-rpc', 'signature-aggregator']
      .flatMap((folder) => sources(path.join(root, folder)))
      .filter((file) =>
        /\b(?:request|req)\.on\(\s*'data'|for await \(const \w+ of (?:request|req)\b/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(root, file));
    expect(readers).toEqual([]);
  });
});
