import type { MailMessage } from '../../providers/mail/mailer.ts';

/** Where the reader's own unsubscribe link goes in a stored issue (each message gets its own). */
export const UNSUBSCRIBE_MARK = '{{unsubscribe}}';
/**
 * The site's address in a stored issue: each copy gets the public address, or on a site without one
 * the address its reader subscribed at (.invalid is reserved: it can never be a real site).
 */
export const ORIGIN_MARK = 'https://site.invalid';

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface WeekContent {
  /** "18–24 November 2026". */
  span: string;
  verses: { reference: string; text: string; href: string }[];
  prayer: { title: string; content: string } | null;
  lessons: { title: string; excerpt: string; href: string }[];
}

/** The double opt-in message: one link, nothing sent again until it is followed. */
export function confirmationMail(to: string, confirmUrl: string): MailMessage {
  return {
    to,
    subject: 'Confirm your Selah newsletter subscription',
    text: [
      'Someone (we hope you) asked to receive the Selah weekly devotional at this address.',
      '',
      `Confirm here: ${confirmUrl}`,
      '',
      'If it was not you, ignore this message: nothing more will be sent.',
    ].join('\n'),
    html: `<p>Someone (we hope you) asked to receive the Selah weekly devotional at this address.</p><p><a href="${escapeHtml(confirmUrl)}">Confirm your subscription</a></p><p>If it was not you, ignore this message: nothing more will be sent.</p>`,
  };
}

/**
 * The weekly devotional as text and HTML, with marks where each copy's site address and its reader's
 * unsubscribe link go. Everything taken from the site is escaped in the HTML.
 */
export function weeklyIssue(week: WeekContent): { subject: string; text: string; html: string } {
  const at = (path: string) => new URL(path, ORIGIN_MARK).toString();
  const subject = `Selah weekly: ${week.span}`;
  const text = [
    `Selah weekly — ${week.span}`,
    '',
    'THIS WEEK’S VERSES',
    ...week.verses.flatMap((v) => [`${v.reference}: ${v.text}`, at(v.href), '']),
    ...(week.prayer ? ['A PRAYER', week.prayer.title, '', week.prayer.content, ''] : []),
    ...(week.lessons.length ? ['LATEST LESSONS', ...week.lessons.flatMap((l) => [l.title, l.excerpt, at(l.href), ''])] : []),
    '—',
    `You receive this because you subscribed at ${ORIGIN_MARK}. Unsubscribe: ${UNSUBSCRIBE_MARK}`,
  ].join('\n');
  const section = (title: string, body: string) =>
    `<h2 style="font-family:Georgia,serif;font-size:18px;color:#7c2d12;margin:28px 0 8px">${escapeHtml(title)}</h2>${body}`;
  const html = [
    '<!doctype html><html><body style="margin:0;background:#fafaf9">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;font-family:Georgia,serif;color:#1c1917;line-height:1.6">',
    `<h1 style="font-size:24px;margin:0 0 4px">Selah weekly</h1><p style="color:#57534e;margin:0">${escapeHtml(week.span)}</p>`,
    section(
      'This week’s verses',
      week.verses
        .map((v) => `<p><a href="${escapeHtml(at(v.href))}" style="color:#7c2d12;font-weight:bold">${escapeHtml(v.reference)}</a><br>${escapeHtml(v.text)}</p>`)
        .join(''),
    ),
    week.prayer
      ? section(
          'A prayer',
          `<p style="font-weight:bold">${escapeHtml(week.prayer.title)}</p><p style="white-space:pre-line">${escapeHtml(week.prayer.content)}</p>`,
        )
      : '',
    week.lessons.length
      ? section(
          'Latest lessons',
          week.lessons
            .map(
              (l) => `<p><a href="${escapeHtml(at(l.href))}" style="color:#7c2d12;font-weight:bold">${escapeHtml(l.title)}</a><br>${escapeHtml(l.excerpt)}</p>`,
            )
            .join(''),
        )
      : '',
    `<p style="margin-top:32px;font-size:13px;color:#57534e">You receive this because you subscribed at ${ORIGIN_MARK}. <a href="${UNSUBSCRIBE_MARK}" style="color:#57534e">Unsubscribe</a></p>`,
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}

/** One reader's copy: their unsubscribe link in the text, and the one-click headers (RFC 8058) mail apps show. */
export function personalCopy(
  issue: { subject: string; text: string; html: string },
  reader: { to: string; origin: string; unsubscribeUrl: string; oneClickUrl: string },
): MailMessage {
  const fill = (body: string, link: string) => body.replaceAll(ORIGIN_MARK, reader.origin).replaceAll(UNSUBSCRIBE_MARK, link);
  return {
    to: reader.to,
    subject: issue.subject,
    text: fill(issue.text, reader.unsubscribeUrl),
    html: fill(issue.html, escapeHtml(reader.unsubscribeUrl)),
    headers: { 'List-Unsubscribe': `<${reader.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
