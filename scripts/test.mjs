#!/usr/bin/env node
// `npm test`: every suite. Unit, API (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set)
// and component tests through Vitest, then the end-to-end suite in Chromium. Ends with one
// summary line "N passed, N failed, N skipped" (the form CI reads), after a line counting the flaky
// end-to-end tests: one that failed and then passed on its retry is flaky, not passed nor failed.
// With TEST_DATABASE_URL, the cluster test (`npm run cluster` under 60 s of load through rolling
// restarts, apps/api/test/cluster/) runs beside the other Vitest suites, not after them: it
// mostly waits on its bounded load. Its output is shown once it ends. The end-to-end suite runs
// after both: beside Vitest it saved nothing on two cores (Vitest took twice as long), and its
// build rewrites apps/api/dist/main.js, which the cluster test's instances run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'milepost-test-report-'));
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
// The names of what failed, repeated under the summary: CI keeps only the tail of the output.
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((l) => l.trim()) ?? '';
const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const vitestArgs = (json) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
const addVitest = (json) => {
  const v = read(json);
  if (v) {
    counts.passed += v.numPassedTests;
    counts.failed += v.numFailedTests;
    counts.skipped += v.numPendingTests + v.numTodoTests;
    for (const file of v.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && failed.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
    }
  } else {
    counts.failed += 1;
    failures.push(`${json}: Vitest wrote no report`);
  }
};

const clusterJson = path.join(tmp, 'cluster.json');
const clusterLog = path.join(tmp, 'cluster.log');
const clusterOut = openSync(clusterLog, 'w');
const cluster = process.env.TEST_DATABASE_URL
  ? new Promise((resolve) =>
      spawn('npx', [...vitestArgs(clusterJson), '--project', 'cluster'], { stdio: ['ignore', clusterOut, clusterOut] }).on('exit', (code) => resolve(code ?? 1)),
    )
  : null;

const vitestJson = path.join(tmp, 'vitest.json');
const vitestStatus = run('npx', [...vitestArgs(vitestJson), '--project', '!cluster']);
addVitest(vitestJson);
const clusterStatus = cluster ? await cluster : 0;
if (cluster) {
  console.log(`\n== the cluster test (ran beside the suites above)\n${readFileSync(clusterLog, 'utf8')}`);
  addVitest(clusterJson);
}

const e2eJson = path.join(tmp, 'e2e.json');
const e2eStatus = run('npm', ['run', 'test:e2e'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson });
const e = read(e2eJson);
if (e?.stats) {
  counts.passed += e.stats.expected;
  counts.failed += e.stats.unexpected;
  counts.flaky += e.stats.flaky;
  counts.skipped += e.stats.skipped;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') failures.push(`e2e/${suite.file ?? spec.file} › ${spec.title}: ${firstLine(t.results?.at(-1)?.error?.message)}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of e.suites ?? []) walk(suite);
} else if (e2eStatus !== 0) {
  counts.failed += 1;
  failures.push('e2e: Playwright wrote no report');
}

if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\nflaky: ${counts.flaky} end-to-end tests failed once and passed on their retry`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(vitestStatus || clusterStatus || e2eStatus ? 1 : 0);
