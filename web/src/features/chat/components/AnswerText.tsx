import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { AskReply } from '#common/contracts/ai.ts';

/**
 * An answer's Markdown, rendered without raw HTML. Each reference the server verified becomes a link
 * to the reader with the store's text as its title; a misquoted one says so; one not in Scripture is
 * already struck through by the server.
 */
export function AnswerText({ reply }: { reply: AskReply }) {
  return (
    <div className="answer flex flex-col gap-3 leading-7">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={{ a: ReferenceLink }}>
        {withReferenceLinks(reply)}
      </Markdown>
    </div>
  );
}

function ReferenceLink({ href, title, children }: ComponentProps<'a'>) {
  if (href?.startsWith('/bible?')) {
    return (
      <Link to={href} title={title} className="font-semibold text-orange-900 underline underline-offset-2 dark:text-orange-200">
        {children}
      </Link>
    );
  }
  // Links elsewhere open outside the app, and tell the site nothing of where they came from.
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow" className="underline">
      {children}
    </a>
  );
}

const escapeTitle = (text: string) => text.replace(/["\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');

/** The answer with `[John 3:16](/bible?… "store text")` in place of each verified reference. */
export function withReferenceLinks(reply: AskReply): string {
  let text = reply.response;
  const linked = reply.references.filter((r) => r.href && r.status !== 'invalid').sort((a, b) => b.start - a.start);
  for (const r of linked) {
    const label = r.status === 'misquoted' ? `${r.written} (misquoted)` : r.written;
    const title = r.status === 'misquoted' ? `${r.problem ?? ''} ${r.reference}: ${r.text ?? ''}` : (r.text ?? '');
    text = `${text.slice(0, r.start)}[${label}](${r.href} "${escapeTitle(title.slice(0, 600))}")${text.slice(r.end)}`;
  }
  return text;
}
