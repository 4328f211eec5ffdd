import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import type { ErrorBody } from '@milepost/contracts/api';
import { ERROR_STATUS as STATUS, type ErrorCode } from '@milepost/contracts/error-codes';

export type { ErrorCode };

/** The one error services throw; the handler below turns it into the HTTP answer. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** Seconds to send as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ErrorBody;
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      body = { status: error.status, code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      body = { status: 400, code: 'VALIDATION_FAILED', message: errors[0]?.message ?? GENERIC_ERROR_MESSAGES[400], errors };
    } else if (isTransactionConflict(error)) {
      // Two transactions collided (deadlock, serialisation failure, lock timeout): the
      // database rolled this one back, so nothing changed and the client may retry.
      request.log.warn({ err: error }, 'transaction conflict');
      body = { status: 409, code: 'CONFLICT', message: 'Someone else changed this at the same moment. Please try again.' };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      body = { status: 500, code: 'INTERNAL', message: GENERIC_ERROR_MESSAGES[500] };
    } else {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        body = { status, code: codeForStatus(status), message: status === 503 ? GENERIC_ERROR_MESSAGES[503] : GENERIC_ERROR_MESSAGES[500] };
      } else if (status === 429) {
        body = { status, code: 'TOO_MANY_REQUESTS', message: GENERIC_ERROR_MESSAGES[429] };
      } else {
        // Framework errors below 500 (malformed JSON, body too large, wrong content type) say nothing internal.
        body = { status, code: codeForStatus(status), message: error.message || GENERIC_ERROR_MESSAGES[400] };
      }
    }
    if (body.status >= 500 && !(error instanceof AppError)) body.message = body.status === 503 ? GENERIC_ERROR_MESSAGES[503] : GENERIC_ERROR_MESSAGES[500];
    return reply.status(body.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorBody);
  });
}

/** The SQLSTATE of a database error, possibly wrapped by Drizzle. */
function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** Deadlock, serialisation failure or lock not available: the transaction was rolled back. */
export function isTransactionConflict(err: unknown): boolean {
  const state = sqlState(err);
  return state === '40P01' || state === '40001' || state === '55P03';
}

/** Runs `fn`; a unique-constraint violation becomes a 409 with `message`. */
export async function conflictOnDuplicate<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', message);
    throw err;
  }
}
