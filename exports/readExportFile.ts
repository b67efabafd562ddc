// The download of a finished export's file: its chunks in order, for whoever holds its link.
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../prisma/database';

/** Chunks read per statement while a file streams out. */
const CHUNKS_PER_READ = 16;

/**
 * The file of a finished, unexpired export whose download token is `token`, or undefined (an
 * unknown, unfinished or expired export, or a wrong token: the link is the credential).
 * @param db the database
 * @param id the operation ID (a UUID)
 * @param token the link's token
 * @param now the instant that decides expiry
 * @returns the file's chunks, read a few at a time as they are consumed
 * @example const file = await readExportFile(db, id, token, new Date()); for await (const text of file ?? []) response.write(text)
 */
export async function readExportFile(
  db: Pick<Database, 'query'>,
  id: string,
  token: string,
  now: Date,
): Promise<AsyncIterable<string> | undefined> {
  const [row] = await db.query<{ download_token: string }>(
    `SELECT download_token FROM transaction_export
      WHERE id = $1 AND download_token IS NOT NULL AND expires_at > $2`,
    [id, now],
  );
  if (!row || !sameToken(row.download_token, token)) return undefined;
  return chunksOf(db, id);
}

async function* chunksOf(db: Pick<Database, 'query'>, id: string): AsyncIterable<string> {
  for (let seq = 0; ; seq += CHUNKS_PER_READ) {
    const rows = await db.query<{ data: string }>(
      'SELECT data FROM transaction_export_chunk WHERE export_id = $1 AND seq >= $2 ORDER BY seq LIMIT $3',
      [id, seq, CHUNKS_PER_READ],
    );
    for (const row of rows) yield row.data;
    if (rows.length < CHUNKS_PER_READ) return;
  }
}

function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
