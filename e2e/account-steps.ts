import type { Page } from 'playwright-core';
import { mailedLink } from './inbox.ts';

/** Signs up through /auth and opens the confirmation link from the mail: the person is then signed in. */
export async function signUpAndConfirm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth?mode=signup');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.goto(await mailedLink(email, /Confirm your email/));
}

/** Logs in through /auth?mode=signin. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth?mode=signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).last().click();
}
