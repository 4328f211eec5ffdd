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
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

/** The best of br and gzip the client accepts (a `q=0` refuses one), or null. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
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
  const window = Math.min(zlibConstants.BROTLI_MAX_WINDOW_BITS, Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(json.length))));
  const body =
    encoding === 'br'
      ? brotliCompressSync(json, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_LGWIN]: window, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
        })
      : gzipSync(json, { level: GZIP_LEVEL });
  return reply.header('content-encoding', encoding).send(body as never);
}
