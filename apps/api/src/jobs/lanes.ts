import type PgBoss from 'pg-boss';

/**
 * A fair share of one instance's telematics slots between several pg-boss queues ("lanes";
 * docs/integrations/telematics.md#sync). Each lane belongs to a group (a provider): the
 * instance runs at most `slots` jobs at once, a group at most `slots − (groups − 1)` (so every
 * other provider always finds a slot free, whatever one provider's hanging calls hold), and a lane
 * at most its own `cap` (the retry lanes: a few slots, so retries of failing companies never
 * crowd out fresh work). Lanes are visited in turn, one job each per round, so no queue's backlog
 * goes first; a round that finds nothing waits `idleMs`, or less when a slot frees.
 */
export interface Lane {
  queue: string;
  group: string;
  /** Most jobs of this lane running at once on this instance. */
  cap: number;
}

export interface LaneOptions<T> {
  boss: Pick<PgBoss, 'fetch'>;
  lanes: Lane[];
  slots: number;
  idleMs: number;
  run(lane: Lane, job: PgBoss.Job<T>): Promise<void>;
  onError(err: unknown, lane: Lane): void;
}

export class LaneDispatcher<T> {
  private readonly active = new Map<string, number>();
  private running = 0;
  private turn = 0;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** notify() was called since the round began: the next round starts at once. */
  private poked = false;
  private loop: Promise<void> | null = null;
  private readonly groupCap: number;

  constructor(private readonly opts: LaneOptions<T>) {
    const groups = new Set(opts.lanes.map((l) => l.group)).size;
    this.groupCap = Math.max(1, opts.slots - (groups - 1));
  }

  start() {
    this.loop ??= this.rounds();
  }

  /** Looks for work at once (a slot freed, or the dispatcher stops). */
  notify() {
    this.poked = true;
    this.wake?.();
  }

  /** Stops taking jobs and waits (up to `timeoutMs`) for those in hand. */
  async stop(timeoutMs: number) {
    this.stopping = true;
    this.notify();
    const until = Date.now() + timeoutMs;
    await this.loop;
    while (this.running > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }

  private count(key: string) {
    return this.active.get(key) ?? 0;
  }

  private hasRoom(lane: Lane): boolean {
    return this.running < this.opts.slots && this.count(`group:${lane.group}`) < this.groupCap && this.count(`lane:${lane.queue}`) < lane.cap;
  }

  private add(lane: Lane, n: number) {
    this.running += n;
    for (const key of [`group:${lane.group}`, `lane:${lane.queue}`]) this.active.set(key, this.count(key) + n);
  }

  private async rounds() {
    const { lanes } = this.opts;
    while (!this.stopping) {
      let took = 0;
      this.poked = false;
      for (let i = 0; i < lanes.length && !this.stopping; i++) {
        const lane = lanes[(this.turn + i) % lanes.length]!;
        if (!this.hasRoom(lane)) continue;
        let jobs: PgBoss.Job<T>[] = [];
        try {
          jobs = await this.opts.boss.fetch<T>(lane.queue, { batchSize: 1 });
        } catch (err) {
          this.opts.onError(err, lane);
        }
        for (const job of jobs) this.begin(lane, job);
        took += jobs.length;
      }
      this.turn = (this.turn + 1) % lanes.length;
      if (!took && !this.poked && !this.stopping) await this.pause(this.opts.idleMs);
    }
  }

  private begin(lane: Lane, job: PgBoss.Job<T>) {
    this.add(lane, 1);
    void this.opts
      .run(lane, job)
      .catch((err: unknown) => this.opts.onError(err, lane))
      .finally(() => {
        this.add(lane, -1);
        this.notify();
      });
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
