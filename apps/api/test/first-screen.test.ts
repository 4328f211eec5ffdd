import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from './factories';
import { call, createTestContext, type TestContext } from './harness';

/** docs/decisions/013-first-screen-loads-fast.md: precompressed assets, long caching of hashed files, compressed JSON. */
let ctx: TestContext;
let dist: string;
const SCRIPT = `console.log(${JSON.stringify('milepost '.repeat(400))});`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'milepost-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Milepost</title><div id="root"></div>');
  const asset = path.join(dist, 'assets', 'index-AbC123.js');
  await writeFile(asset, SCRIPT);
  await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await ctx?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the first screen', () => {
  it('sends the brotli copy of a hashed asset, cached for a year and immutable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser without brotli', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('never caches the app shell, so a release is picked up at once', async () => {
    for (const url of ['/', '/login', '/trips?view=map']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('compresses JSON answers worth compressing', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_ROLES'] });
    const { accessToken } = await signIn(ctx.app, user);
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/permissions?size=100', token: accessToken, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body.data.content.length).toBeGreaterThan(10);
  });
});
