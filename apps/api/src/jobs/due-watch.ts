/**
 * One look for due jobs for every queue of an instance (docs/decisions/014-background-jobs.md,
 * "At rest"): instead of each worker fetching from its own queue on a timer, one statement every
 * `idleMs` reads which watched queues hold a job that is due now — those queues' workers are woken
 * (they fetch it as usual, so pg-boss still hands each job to one instance only) — and when the
 * next delayed job of a watched queue falls due, so the next look is made then rather than at the
 * end of the idle interval. A job this instance queues with a delay tells the watch its due time
 * (`dueAt`), without a statement.
 */
export interface DueQueue {
  name: string;
  /** Milliseconds from the database's now to the queue's earliest waiting job (≤ 0: due now). */
  dueInMs: number;
}

export interface DueWatchOptions {
  /** The earliest waiting job of each queue that has any (one statement: `dueQueuesSql`). */
  look(queues: string[]): Promise<DueQueue[]>;
  /** Longest wait between two looks: bounds the wait of a job queued by another instance. */
  idleMs: number;
  onError(err: unknown): void;
}

/** After a due time, wait this much more: the job is fetched with `start_after < now()` on the database's clock. */
const DUE_SLACK_MS = 100;
/** Node's timers take at most 2^31-1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The statement `look` runs: every queue's earliest waiting job (pg-boss's index job_i5 covers it). */
export const dueQueuesSql = (schema: string) =>
  `select name, (extract(epoch from (min(start_after) - now())) * 1000)::float8 as "dueInMs"
     from ${schema}.job where state < 'active' and name = any($1::text[]) group by name`;

export class DueWatch {
  private readonly wakes = new Map<string, (() => void)[]>();
  private stopping = false;
  private loop: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private deadline = Infinity;
  private resume: (() => void) | null = null;
  /** Earliest due time told by `dueAt` since the last look began. */
  private asked = Infinity;

  constructor(private readonly opts: DueWatchOptions) {}

  /** Calls `wake` whenever a look finds a job of `queue` due. */
  watch(queue: string, wake: () => void) {
    this.wakes.set(queue, [...(this.wakes.get(queue) ?? []), wake]);
  }

  /** Wakes this instance's workers of `queue` at once (a job it queued without a delay). */
  wake(queue: string) {
    for (const wake of this.wakes.get(queue) ?? []) wake();
  }

  /** A job of a watched queue falls due at `at` (ms since the epoch): the watch looks then, if not sooner. */
  dueAt(queue: string, at: number) {
    if (!this.wakes.has(queue)) return;
    this.asked = Math.min(this.asked, at + DUE_SLACK_MS);
    this.lookAt(at + DUE_SLACK_MS);
  }

  start() {
    this.loop ??= this.looks();
  }

  async stop() {
    this.stopping = true;
    this.asked = 0;
    this.lookAt(0);
    await this.loop;
  }

  private async looks() {
    while (!this.stopping) {
      let next = Date.now() + this.opts.idleMs;
      this.asked = Infinity;
      try {
        const queues = [...this.wakes.keys()];
        for (const { name, dueInMs } of queues.length ? await this.opts.look(queues) : []) {
          if (dueInMs <= 0) this.wake(name);
          else next = Math.min(next, Date.now() + dueInMs + DUE_SLACK_MS);
        }
      } catch (err) {
        this.opts.onError(err);
      }
      if (!this.stopping) await this.pauseUntil(next);
    }
  }

  private pauseUntil(at: number) {
    return new Promise<void>((resolve) => {
      this.resume = resolve;
      this.deadline = Infinity;
      this.lookAt(Math.min(at, this.asked));
    });
  }

  /** Moves the next look earlier to `at` (never later). */
  private lookAt(at: number) {
    if (!this.resume || at >= this.deadline) return;
    this.deadline = at;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.deadline = Infinity;
        const resume = this.resume;
        this.resume = null;
        resume?.();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now())),
    );
  }
}
