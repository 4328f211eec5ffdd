#!/usr/bin/env node
// `npm run cluster` and its test put Debian's nginx in front of the API instances. Installs it
// when missing and we may (root + apt), like scripts/ensure-chromium.mjs. docs/deploy.md#several-instances.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (existsSync(path)) process.exit(0);

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
if (!canApt) {
  console.error(`nginx is missing at ${path}. Install Debian's nginx (apt-get install -y nginx) or set NGINX_PATH.`);
  process.exit(1);
}
console.log('Installing Debian nginx for the cluster of API instances...');
// Only the program is wanted: RUNLEVEL=1 keeps the package from starting a system-wide nginx on port 80
// (invoke-rc.d starts nothing in single-user mode); `npm run cluster` runs its own with its own config.
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq nginx >/dev/null', { stdio: 'inherit', shell: '/bin/bash' });
if (!existsSync(path)) {
  console.error(`nginx still missing at ${path} after installing.`);
  process.exit(1);
}
