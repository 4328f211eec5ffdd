import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMO_MAX_BYTES, MEMO_MAX_TEXT, compressionMemo, sendJsonText } from './json-text';

// docs/trips-query-plans.md, "The API's own cost": answers compressed once per text and encoding.
/** A JSON text of at least `size` characters. */
const page = (n: number, size = 4000) => JSON.stringify({ data: { n, rows: Array.from({ length: Math.ceil(size / 20) }, (_, i) => `Trip ${n}-${i}`.padEnd(18)) } });

describe('sendJsonText', () => {
  const texts = new Map<string, string>();
  const app = Fastify();
  app.get('/t/:key', (req, reply) => sendJsonText(req, reply, texts.get((req.params as { key: string }).key)!));
  afterAll(() => app.close());
  beforeEach(() => compressionMemo.clear());
  const get = (key: string, acceptEncoding: string) => app.inject({ method: 'GET', url: `/t/${key}`, headers: { 'accept-encoding': acceptEncoding } });

  it('compresses the same text once per encoding, and each answer decodes to its own text', async () => {
    texts.set('a', page(1));
    texts.set('b', page(2));
    const before = compressionMemo.compressed;
    const first = await get('a', 'br');
    const again = await get('a', 'gzip, br');
    const other = await get('b', 'br');
    const gzip = await get('a', 'gzip');
    expect([first, again, other].map((r) => r.headers['content-encoding'])).toEqual(['br', 'br', 'br']);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(texts.get('a'));
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotliDecompressSync(other.rawPayload).toString()).toBe(texts.get('b'));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(texts.get('a'));
    expect(compressionMemo.compressed - before).toBe(3);
    expect(compressionMemo.size()).toBe(3);
  });

  it('keeps no text over its size limit and stays within its bytes, dropping the least recently used', async () => {
    texts.set('big', page(0, MEMO_MAX_TEXT + 4000));
    expect(texts.get('big')!.length).toBeGreaterThan(MEMO_MAX_TEXT);
    await get('big', 'br');
    expect(compressionMemo.size()).toBe(0);
    const n = Math.ceil(MEMO_MAX_BYTES / 200_000) + 5;
    for (let i = 0; i < n; i++) {
      texts.set(`p${i}`, page(i, 200_000));
      await get(`p${i}`, 'br');
      // The first page is used again each time: it stays while older ones go.
      await get('p0', 'br');
    }
    expect(compressionMemo.bytes()).toBeLessThanOrEqual(MEMO_MAX_BYTES);
    expect(compressionMemo.size()).toBeLessThan(n);
    const before = compressionMemo.compressed;
    await get('p0', 'br');
    expect(compressionMemo.compressed).toBe(before);
    await get('p1', 'br');
    expect(compressionMemo.compressed).toBe(before + 1);
  });

  it('takes the text in pieces: the same bytes as the joined text, each distinct text its own answer, a piece written again found in the memo', async () => {
    const big = page(7);
    const joined = `{"data":${big}}`;
    const pieces = new Map<string, readonly string[]>([
      ['p', ['{"data":', big, '}']],
      ['before', [' ', big]],
      ['after', [big, ' ']],
    ]);
    const piecesApp = Fastify();
    piecesApp.get('/p/:key', (req, reply) => {
      const key = (req.params as { key: string }).key;
      // A copy of each piece, as a new page read from the database is: found by content, not by identity.
      return sendJsonText(req, reply, key === 'joined' ? joined : pieces.get(key)!.map((p) => (' ' + p).slice(1)));
    });
    const get = (key: string) => piecesApp.inject({ method: 'GET', url: `/p/${key}`, headers: { 'accept-encoding': 'br' } });
    const before = compressionMemo.compressed;
    const fromPieces = await get('p');
    expect(brotliDecompressSync(fromPieces.rawPayload).toString()).toBe(joined);
    expect((await get('p')).rawPayload.equals(fromPieces.rawPayload)).toBe(true);
    expect(compressionMemo.compressed - before).toBe(1);
    // The same longest piece with the rest on either side: two answers, each its own text.
    expect(brotliDecompressSync((await get('before')).rawPayload).toString()).toBe(` ${big}`);
    expect(brotliDecompressSync((await get('after')).rawPayload).toString()).toBe(`${big} `);
    expect(compressionMemo.compressed - before).toBe(3);
    expect(compressionMemo.size()).toBe(3);
    await piecesApp.close();
  });

  it('sends small answers and clients without br or gzip the text as it is', async () => {
    texts.set('small', '{"data":[]}');
    const small = await get('small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{"data":[]}');
    const plain = await get('a', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(texts.get('a'));
    expect((await get('a', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });
});
