import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built product as `npm start` runs it: apps/api/dist/main.js under plain node, compiled
 * once per test file (scripts/build.mjs api, about a second).
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let built = false;
export function buildApiOnce() {
  if (built) return;
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), 'api'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the API did not build:\n${r.stdout}${r.stderr}`);
  built = true;
}

export interface Started {
  proc: ChildProcess;
  url: string;
  output: () => string;
  /** One line for a failed exit-code assertion: the warnings, errors and plain lines the server printed last. */
  lastWords: () => string;
  exited: Promise<number | null>;
}

/** The server's lines at level warn or above, and lines that are not JSON logs, last ones first kept. */
function lastWords(out: string): string {
  const notable = out.split('\n').filter((line) => {
    if (!line.trim()) return false;
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 40;
    } catch {
      return true;
    }
  });
  return notable.slice(-6).join(' | ').replace(/\s+/g, ' ');
}

/**
 * Starts the compiled server on a free port and waits for its banner (`timeoutMs`: longer where
 * PGlite first recovers from a killed process).
 */
export async function start(env: Record<string, string>, timeoutMs = 60_000): Promise<Started> {
  buildApiOnce();
  const proc = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/main.js')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', LOG_PRETTY: 'false', LOG_LEVEL: 'info', WEB_DIST_DIR: '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL'); // not left running behind a failed test
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const m = out.match(/Milepost is running at (http:\/\/localhost:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    proc.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`server exited:\n${out}`)));
  });
  return { proc, url, output: () => out, lastWords: () => lastWords(out), exited };
}

/** POST /authenticate on a running server. */
export function signIn(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/** A signed-in account's access token. */
export async function accessTokenOf(url: string, account: { email: string; password: string }): Promise<string> {
  const res = await signIn(url, account.email, account.password);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Polls until `ok` holds (or throws after `timeoutMs`). */
export async function until(ok: () => Promise<boolean>, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
