import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes uncompressed, as the compress plugin's threshold does. */
const COMPRESS_FROM = 1024;
/**
 * The quickest levels, brotli 1 and gzip 1, for every size: on a 33 kB trips page brotli 1 costs
 * 0.10 ms of CPU against brotli 4's 0.54 ms for a body 13 % larger (3.5 kB against 3.1 kB), and
 * on a 1.5 MB quarter of state miles ~¼ of brotli 4's CPU for a body ~15 % larger
 * (docs/trips-query-plans.md, "The API's own cost"; docs/state-miles.md "Reading"). Brotli's
 * window is sized to the body, so a small answer does not set up a 4 MB one.
 */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;

/** The best of br and gzip the client accepts (a `q=0` refuses one), or null; the last header's answer is kept (browsers send the same one every time). */
let lastAccept: { header: string; encoding: 'br' | 'gzip' | null } | undefined;
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (lastAccept?.header === acceptEncoding) return lastAccept.encoding;
  const encoding = parseAcceptEncoding(acceptEncoding);
  lastAccept = { header: acceptEncoding, encoding };
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * JSON text in pieces, in order: what PostgreSQL wrote (a trips page, tens of kB) stays the one
 * string it arrived as, between the few bytes written around it. Joined into one text it was
 * copied on every request, to be looked up in the memo below (docs/trips-query-plans.md
 * "Copies and allocations per request").
 */
export type JsonPieces = readonly string[];

/**
 * Answers compressed once and kept, per encoding, keyed by their JSON text: the same page asked
 * again (every dispatcher opening the trips list between two trip saves, a report reloaded) is
 * not compressed again. Brotli 1 of a 33 kB trips page costs ~0.09 ms, a third of the API's own
 * CPU for that request; a hit costs a map lookup (docs/trips-query-plans.md, "The API's own
 * cost"). The text is looked up by its longest piece, then by the others with their places, so
 * no piece is copied. Bounded: texts over MEMO_MAX_TEXT are never kept, and once the kept texts
 * pass MEMO_MAX_BYTES the least recently used go, until a quarter is free.
 */
export const MEMO_MAX_TEXT = 256 * 1024;
export const MEMO_MAX_BYTES = 8 * 1024 * 1024;
interface Kept {
  br?: Buffer;
  gzip?: Buffer;
  /** The text's length plus its compressed bodies'. */
  bytes: number;
  /** When it was last sent (a count of lookups): a hit writes a number, not the map. */
  used: number;
}
/** By the text's longest piece, then by the other pieces ("\u0001" between them, which JSON text never holds bare). */
const memo = new Map<string, Map<string, Kept>>();
let memoBytes = 0;
let lookups = 0;
export const compressionMemo = {
  /** How many answers were compressed (not taken from the memo) since start; tests read it. */
  compressed: 0,
  size: () => [...memo.values()].reduce((n, around) => n + [...around.values()].reduce((k, kept) => k + (kept.br ? 1 : 0) + (kept.gzip ? 1 : 0), 0), 0),
  bytes: () => memoBytes,
  clear() {
    memo.clear();
    memoBytes = 0;
  },
};

/** The least recently used texts go until a quarter of MEMO_MAX_BYTES is free (one sort per many answers kept). */
function evict() {
  const all = [...memo].flatMap(([longest, around]) => [...around].map(([rest, kept]) => ({ longest, around, rest, kept })));
  all.sort((a, b) => a.kept.used - b.kept.used);
  for (const { longest, around, rest, kept } of all) {
    if (memoBytes <= (MEMO_MAX_BYTES * 3) / 4) break;
    around.delete(rest);
    if (!around.size) memo.delete(longest);
    memoBytes -= kept.bytes;
  }
}

function compress(pieces: JsonPieces, length: number, encoding: 'br' | 'gzip'): Buffer {
  let at = 0;
  for (let i = 1; i < pieces.length; i++) if (pieces[i]!.length > pieces[at]!.length) at = i;
  const longest = pieces[at]!;
  const rest = pieces.length === 1 ? '' : pieces.map((p, i) => (i === at ? '' : p)).join('\u0001');
  const kept = memo.get(longest)?.get(rest);
  const body = kept?.[encoding];
  if (body) {
    kept.used = ++lookups;
    return body;
  }
  compressionMemo.compressed++;
  const json = pieces.join('');
  const window = Math.min(zlibConstants.BROTLI_MAX_WINDOW_BITS, Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length))));
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(json, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_LGWIN]: window, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: length },
        })
      : gzipSync(json, { level: GZIP_LEVEL });
  if (length > MEMO_MAX_TEXT) return compressed;
  if (kept) {
    kept[encoding] = compressed;
    kept.bytes += compressed.length;
    kept.used = ++lookups;
    memoBytes += compressed.length;
  } else {
    let around = memo.get(longest);
    if (!around) memo.set(longest, (around = new Map()));
    around.set(rest, { [encoding]: compressed, bytes: length + compressed.length, used: ++lookups });
    memoBytes += length + compressed.length;
  }
  if (memoBytes > MEMO_MAX_BYTES) evict();
  return compressed;
}

/**
 * Sends JSON text that is already written (by PostgreSQL, for the trips list): Fastify sends a
 * string with a JSON content type as it is, skipping the route's response serialiser, so no
 * row is parsed, checked and stringified again in Node. The route keeps its response schema
 * for the OpenAPI document; a test parses such answers with it. The text is compressed here in
 * one call, at the quickest level, rather than through the compress plugin's streams,
 * which cost more than the compression of a 30 kB page (docs/trips-query-plans.md); such a
 * route sets `compress: false`.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: string | JsonPieces): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const pieces = typeof json === 'string' ? [json] : json;
  let length = 0;
  for (const p of pieces) length += p.length;
  const encoding = length >= COMPRESS_FROM ? encodingFor(request.headers['accept-encoding']) : null;
  // The typed reply expects the schema's object; the text (or its compressed bytes) is that object, serialised.
  if (!encoding) return reply.send(pieces.join('') as never);
  return reply.header('content-encoding', encoding).send(compress(pieces, length, encoding) as never);
}
