import { createHash } from 'node:crypto';

/** Providers that ignore dots in the local part: `v.ictim@gmail.com` and `victim@gmail.com` are one inbox. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address delivers to, as far as we can tell without asking its provider: lower-cased,
 * without a `+tag` (every large provider delivers `victim+1@…` to `victim@…`), and for Gmail without
 * dots and with googlemail.com read as gmail.com. Used only to count mail per inbox, never to send.
 */
export function normalisedMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The quota key of an inbox: hashed, so the quota table holds no one's address. */
export const mailboxKey = (email: string) => `mailbox:${createHash('sha256').update(normalisedMailbox(email)).digest('hex').slice(0, 32)}`;
