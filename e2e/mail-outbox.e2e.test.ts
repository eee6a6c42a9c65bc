import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase, ownServerEnv, startAppProcess } from './app-process.ts';
import { useBrowser } from './fixtures.ts';
import { signInAs } from './session.ts';
import { SEEDED_ADMIN } from './seeded-accounts.ts';
import { seriousViolations } from './axe.ts';
import { smallTargets } from './touch-targets.ts';

// Issue 32: a site without an SMTP relay keeps its mail in the database, and the admin panel lists it.
// The shared test server sends through a loopback SMTP server, so this file starts its own without one.
const { page: newPage } = useBrowser();

let root: string;
let app: Awaited<ReturnType<typeof startAppProcess>>;

async function openMail(options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const page = await signInAs(await newPage({ width: 1280, height: 900, ...options, baseUrl: app.baseUrl }), SEEDED_ADMIN, app.baseUrl);
  await page.goto('/admin?section=mail');
  await page.getByRole('heading', { level: 2, name: /^Mail outbox/ }).waitFor();
  return page;
}

describe('the admin panel’s Mail section, with no SMTP relay', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'selah-e2e-mail-'));
    const env = ownServerEnv(root);
    delete env.SMTP_URL;
    seedDatabase(env);
    app = await startAppProcess(env);
    const signUp = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl, 'x-forwarded-for': '10.32.1.1' },
      body: JSON.stringify({ email: 'epaphras@example.org', password: 'labouring fervently', name: 'Epaphras' }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('lists the kept mail in a table, and opens a message to show its link', async () => {
    const page = await openMail();
    const section = page.getByRole('region', { name: 'Kept mail, newest first' });
    const row = section.getByRole('row').filter({ hasText: 'epaphras@example.org' });
    await row.waitFor();
    expect(await section.getByRole('columnheader').allTextContents()).toEqual(['When', 'To', 'Message']);
    expect(await row.count()).toBe(1);
    expect(await page.getByText('No SMTP relay is set (SMTP_URL), so mail is kept here instead of sent: the newest 500 messages.').count()).toBe(1);

    const subject = row.getByText('Confirm your email for Selah');
    await subject.focus();
    await page.keyboard.press('Enter');
    const body = await row.locator('pre').textContent();
    expect(body).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('is usable on a phone, in dark mode too: 44 px targets, no serious accessibility findings', async () => {
    const page = await openMail({ width: 390, colorScheme: 'dark' });
    await page.getByRole('row').filter({ hasText: 'epaphras@example.org' }).waitFor();
    expect(await smallTargets(page, 'main')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
