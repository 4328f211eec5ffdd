#!/usr/bin/env node
// The end-to-end suite drives Debian's Chromium. Installs it when missing and we may (root + apt).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!canApt) {
  console.error(`Chromium is missing at ${path}. Install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('Installing Debian chromium for the end-to-end tests...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null', { stdio: 'inherit', shell: '/bin/bash' });
if (!existsSync(path)) {
  console.error(`Chromium still missing at ${path} after installing.`);
  process.exit(1);
}
