import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Starts the real server process the way `npm start` does, on a free port, and waits for its banner. */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(apiDir, '../../node_modules/.bin/tsx');

export interface Started {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function start(env: Record<string, string>, timeoutMs = 45_000): Promise<Started> {
  const proc = spawn(tsx, ['src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, PORT: '0', LOG_PRETTY: 'false', LOG_LEVEL: 'info', WEB_DIST_DIR: '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), timeoutMs);
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
  return { proc, url, output: () => out, exited };
}

