import { expect, test, type Page } from '@playwright/test';
import { twMerge } from 'tailwind-merge';
import { E2E_ACCOUNTS } from '../accounts';
import { signIn } from './helpers';

/**
 * The sign-in screens load a style sheet of their own utilities and no class merging
 * (docs/decisions/013-first-screen-loads-fast.md). This holds only while every class they draw has a
 * rule in that sheet and no two of their classes conflict; the signed-in app loads the rest.
 */

/** Class attributes drawn on the page, and every class name the loaded style sheets have a rule for. */
async function drawnClasses(page: Page): Promise<{ drawn: string[]; ruled: Set<string> }> {
  const { drawn, ruled } = await page.evaluate(() => {
    const ruled = new Set<string>();
    const unescape = (name: string) => name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex?: string, char?: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char!));
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const m of rule.selectorText.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) ruled.add(unescape(m[1]!));
        if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
    const drawn = [...new Set(Array.from(document.querySelectorAll('[class]'), (el) => el.getAttribute('class') ?? ''))];
    return { drawn, ruled: [...ruled] };
  });
  return { drawn, ruled: new Set(ruled) };
}

/** Classes of `drawn` that class merging would drop: the later of two utilities that set the same thing. */
function conflicts(drawn: string[]): string[] {
  return drawn.flatMap((classes) => {
    const kept = new Set(twMerge(classes).split(/\s+/));
    const dropped = classes.split(/\s+/).filter((name) => name && !kept.has(name));
    return dropped.length ? [`"${classes}" loses ${dropped.join(' ')}`] : [];
  });
}

/** Marker classes that style nothing by themselves: variants like `group-hover:` read them, lucide names its icons. */
const isMarker = (name: string) => ['group', 'peer', 'dark'].includes(name) || /^lucide(-|$)/.test(name);

async function expectStyledWithoutMerging(page: Page, state: string) {
  const { drawn, ruled } = await drawnClasses(page);
  const unruled = [...new Set(drawn.flatMap((classes) => classes.split(/\s+/)))].filter((name) => name && !isMarker(name) && !ruled.has(name));
  expect(unruled, `${state}: classes with no rule in the sign-in screens' style sheet (add their file to src/styles.css)`).toEqual([]);
  expect(conflicts(drawn), `${state}: classes that need merging, which the sign-in screens do not load`).toEqual([]);
}

const loadedFiles = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));

test('the sign-in screens draw every class from their own style sheet, with no class merging loaded', async ({ page }) => {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const files = await loadedFiles(page);
  expect(files.filter((file) => /\/assets\/(class-merge|_app)-/.test(file))).toEqual([]);
  expect(files.filter((file) => file.endsWith('.css'))).toHaveLength(1);
  await expectStyledWithoutMerging(page, 'sign-in');

  // Field errors, the theme menu, a refused sign-in and its toast.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expectStyledWithoutMerging(page, 'sign-in with field errors');
  await page.getByRole('button', { name: /theme/i }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();
  await expectStyledWithoutMerging(page, 'theme menu');
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expectStyledWithoutMerging(page, 'sign-in, dark');
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody-here@e2e.test');
  await page.getByLabel('Password').fill('not-a-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expectStyledWithoutMerging(page, 'refused sign-in');

  // The forgot-password card, the reset-password screen and an unknown address.
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  await expectStyledWithoutMerging(page, 'forgot password');
  await page.goto('/reset-password?email=nobody-here%40e2e.test&token=not-a-token', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectStyledWithoutMerging(page, 'reset password with field errors');
  await page.goto('/no-such-screen', { waitUntil: 'networkidle' });
  await expectStyledWithoutMerging(page, 'not found');
  expect((await loadedFiles(page)).filter((file) => /\/assets\/(class-merge|_app)-/.test(file))).toEqual([]);
});

test('the signed-in app loads its style sheet and class merging before it draws', async ({ page }) => {
  await signIn(page, E2E_ACCOUNTS.owner);
  await expect(page.getByRole('table', { name: 'Trips' })).toBeVisible();
  const files = await loadedFiles(page);
  expect(files.some((file) => /\/assets\/class-merge-.*\.js$/.test(file))).toBe(true);
  expect(files.some((file) => /\/assets\/_app-.*\.css$/.test(file))).toBe(true);
  // Merged as they were drawn: no element keeps two utilities that set the same thing.
  expect(conflicts((await drawnClasses(page)).drawn)).toEqual([]);
  // The sidebar is laid out by the app's sheet: a column of its set width beside the screen.
  const box = await page.locator('[data-sidebar="sidebar"]').first().boundingBox();
  expect(box?.width).toBeGreaterThan(150);
  expect(box?.width).toBeLessThan(400);
});
