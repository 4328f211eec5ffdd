import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that is already written (by PostgreSQL, for the trips list): Fastify sends a
 * string with a JSON content type as it is, skipping the route's response serialiser, so no
 * row is parsed, checked and stringified again in Node. The route keeps its response schema
 * for the OpenAPI document; a test parses such answers with it (docs/trips-query-plans.md).
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  // The typed reply expects the schema's object; the text is that object, already serialised.
  return reply.type('application/json; charset=utf-8').send(json as never);
}
