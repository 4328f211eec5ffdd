import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The access log: one line per request, written when it is answered — "request completed" (or
 * "request errored") with the request (its URL's tokens redacted: app-deps.ts loggerOptions), the
 * status, the time and the request id. Fastify writes a second line, "incoming request", as each
 * request arrives; it is not written: half the log volume, and ~13 µs less CPU per request
 * (docs/trips-query-plans.md "One access-log line per request"). Fastify's other request lines
 * (errors, routes not found, streams cut short) are kept; a route's own log level (`logLevel:
 * 'warn'` on the metrics scrape) keeps its line out.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
