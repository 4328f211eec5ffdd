import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import pLimit, { type LimitFunction } from 'p-limit';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { AppError } from './errors';

/** OWASP's argon2id floor: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Every argon2 hash or verification goes through one gate: at most `concurrency` at once and
 * `queue` waiting; past that the caller gets 429 at once. A flood of sign-ins then costs a
 * bounded share of the CPU, and every other request keeps being served.
 */
let gate: LimitFunction = pLimit(2);
let maxQueued = 32;
let peakActive = 0;

export function configurePasswordHashing(opts: { concurrency: number; queue: number }): void {
  gate = pLimit(opts.concurrency);
  maxQueued = opts.queue;
  peakActive = 0;
}

/** How busy the gate is (and the most hashes that ran at once since configured). */
export const passwordHashingLoad = () => ({ active: gate.activeCount, queued: gate.pendingCount, peakActive });

function gated<T>(work: () => Promise<T>): Promise<T> {
  if (gate.pendingCount >= maxQueued && gate.activeCount >= gate.concurrency) {
    return Promise.reject(new AppError('TOO_MANY_REQUESTS', GENERIC_ERROR_MESSAGES[429], undefined, 1));
  }
  return gate(() => {
    peakActive = Math.max(peakActive, gate.activeCount);
    return work();
  });
}

export const hashPassword = (password: string) => gated(() => argon2.hash(password, ARGON2_OPTIONS));

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return gated(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** An unguessable token for links and refresh tokens; only its SHA-256 is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
