import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A sign-in hashes the password (argon2) and then loads the signed-in app: on a loaded machine
  // that takes longer than the default expect timeout, and a test that goes on early flakes.
  await expect(page).not.toHaveURL(/\/login/, { timeout: SIGN_IN_TIMEOUT_MS });
}

/** How long a sign-in may take to land on the signed-in app. */
export const SIGN_IN_TIMEOUT_MS = 25_000;

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/** The data folder of the server this spec runs on (playwright.config.ts starts one per project). */
export const dataDir = () => test.info().project.metadata.dataDir as string;

/** The newest email in the product's outbox and the set-password link in it. */
export async function latestEmailLink(afterCount = 0): Promise<URL> {
  const dir = path.join(dataDir(), 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    if (files.length > afterCount) {
      const mail = await readFile(path.join(dir, files.at(-1)!), 'utf8');
      const m = mail.match(/https?:\/\/\S+\/reset-password\?\S+/);
      if (m) return new URL(m[0]);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no email with a link arrived in the outbox');
}

export async function outboxCount(): Promise<number> {
  return (await readdir(path.join(dataDir(), 'outbox')).catch(() => [] as string[])).length;
}

/**
 * Dark mode the way a user's OS asks for it (the theme's default, "system", follows
 * prefers-color-scheme): checks the page took it — the `dark` class and a dark background — so a
 * screenshot taken next is a dark one.
 */
export async function expectDarkMode(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [a, b, c] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  // oklch(L C H): lightness 0–1; rgb(r, g, b): 0–255 each.
  if (colour.startsWith('oklch')) expect(a!, `body background ${colour}`).toBeLessThan(0.35);
  else expect((a! + b! + c!) / 3, `body background ${colour}`).toBeLessThan(80);
}
