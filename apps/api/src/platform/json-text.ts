import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes uncompressed, as the compress plugin's threshold does. */
const COMPRESS_FROM = 1024;
/**
 * From this many bytes the quickest levels are used (brotli 1, gzip 1): on a 1.5 MB quarter of
 * state miles brotli 4 costs ~4× the CPU of brotli 1 for a body only ~15 % smaller
 * (docs/state-miles.md "Reading"); smaller answers keep the plugin's brotli 4.
 */
const LARGE_FROM = 256 * 1024;

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
 * one call, at the compress plugin's brotli level, rather than through the plugin's streams,
 * which cost more than the compression of a 30 kB page (docs/trips-query-plans.md); such a
 * route sets `compress: false`.
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = json.length >= COMPRESS_FROM ? encodingFor(request.headers['accept-encoding']) : null;
  // The typed reply expects the schema's object; the text (or its compressed bytes) is that object, serialised.
  if (!encoding) return reply.send(json as never);
  const large = json.length >= LARGE_FROM;
  const body =
    encoding === 'br'
      ? brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: large ? 1 : 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } })
      : gzipSync(json, { level: large ? 1 : zlibConstants.Z_DEFAULT_COMPRESSION });
  return reply.header('content-encoding', encoding).send(body as never);
}
