import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the embedded mode generates once and keeps in the data folder (mode 600), so a
 * fresh install needs no setup. Deployments set them in the environment instead.
 */
export function dataDirSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    /* first start */
  }
  if (!secrets[name]) {
    secrets[name] = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}
