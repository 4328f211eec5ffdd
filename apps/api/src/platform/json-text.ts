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
 * Answers compressed once and kept, per encoding, keyed by their JSON text: the same page asked
 * again (every dispatcher opening the trips list between two trip saves, a report reloaded) is
 * not compressed again. Brotli 1 of a 33 kB trips page costs ~0.09 ms, a third of the API's own
 * CPU for that request; a hit costs a map lookup (docs/trips-query-plans.md, "The API's own
 * cost"). Bounded: texts over MEMO_MAX_TEXT are never kept, and the least recently used answers
 * go once the kept texts pass MEMO_MAX_BYTES.
 */
export const MEMO_MAX_TEXT = 256 * 1024;
export const MEMO_MAX_BYTES = 8 * 1024 * 1024;
const memo = { br: new Map<string, Buffer>(), gzip: new Map<string, Buffer>() };
let memoBytes = 0;
export const compressionMemo = {
  /** How many answers were compressed (not taken from the memo) since start; tests read it. */
  compressed: 0,
  size: () => memo.br.size + memo.gzip.size,
  bytes: () => memoBytes,
  clear() {
    memo.br.clear();
    memo.gzip.clear();
    memoBytes = 0;
  },
};

function compress(json: string, encoding: 'br' | 'gzip'): Buffer {
  const kept = memo[encoding].get(json);
  if (kept) {
    // Most recently used last: a Map iterates in insertion order.
    memo[encoding].delete(json);
    memo[encoding].set(json, kept);
    return kept;
  }
  compressionMemo.compressed++;
  const window = Math.min(zlibConstants.BROTLI_MAX_WINDOW_BITS, Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(json.length))));
  const body =
    encoding === 'br'
      ? brotliCompressSync(json, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_LGWIN]: window, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
        })
      : gzipSync(json, { level: GZIP_LEVEL });
  if (json.length > MEMO_MAX_TEXT) return body;
  memo[encoding].set(json, body);
  memoBytes += json.length + body.length;
  while (memoBytes > MEMO_MAX_BYTES) {
    const [map] = [memo.br, memo.gzip].filter((m) => m.size).sort((a, b) => b.size - a.size);
    const [oldest, bytes] = map!.entries().next().value!;
    map!.delete(oldest);
    memoBytes -= oldest.length + bytes.length;
  }
  return body;
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
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = json.length >= COMPRESS_FROM ? encodingFor(request.headers['accept-encoding']) : null;
  // The typed reply expects the schema's object; the text (or its compressed bytes) is that object, serialised.
  if (!encoding) return reply.send(json as never);
  return reply.header('content-encoding', encoding).send(compress(json, encoding) as never);
}
