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
      body = { status: error.status, code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      body = { status: 400, code: 'VALIDATION_FAILED', message: errors[0]?.message ?? GENERIC_ERROR_MESSAGES[400], errors };
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
    if (body.status >= 500 && !(error instanceof AppError)) body.message = GENERIC_ERROR_MESSAGES[500];
    return reply.status(body.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 404, code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorBody);
  });
}

/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
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
