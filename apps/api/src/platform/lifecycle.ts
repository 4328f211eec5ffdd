/**
 * Where the process is in its life, for GET /api/ready (docs/deploy.md#health-and-readiness):
 * main.ts marks the migrations done and the job workers running, and marks shutting down first
 * thing on SIGTERM, so a load balancer stops sending work before the server stops accepting.
 */
export interface Lifecycle {
  migrated: boolean;
  jobsRunning: boolean;
  shuttingDown: boolean;
}

export function createLifecycle(initial: Partial<Lifecycle> = {}): Lifecycle {
  return { migrated: false, jobsRunning: false, shuttingDown: false, ...initial };
}
