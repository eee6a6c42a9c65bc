import { passageName } from '#common/scripture/passage-name.ts';
import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { CheckedReference } from '#common/contracts/ai.ts';

/**
 * Markdown written by someone else (an AI answer, a lesson, a news post), rendered without raw HTML:
 * `skipHtml` drops every tag, and react-markdown's own URL check drops `javascript:` and other
 * unsafe links, so even an editor's text comes out harmless. Each reference the server checked
 * becomes a link into the reader with the store's text as its title; a misquoted one says so; one not
 * in Scripture is left as written (the server strikes it through in AI answers).
 */
export function ScriptureMarkdown({ text, references = [], className }: { text: string; references?: readonly CheckedReference[]; className?: string }) {
  return (
    <div className={className}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={{ a: MarkdownLink }}>
        {withReferenceLinks(text, references)}
      </Markdown>
    </div>
  );
}

/** The reader's links stay in the app; any other link opens outside it and tells the site nothing of where it came from. */
function MarkdownLink({ href, title, children }: ComponentProps<'a'>) {
  if (href?.startsWith('/bible?')) {
    return (
      <Link to={href} title={title} className="font-semibold text-orange-900 underline underline-offset-2 dark:text-orange-200">
        {children}
      </Link>
    );
  }
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow" className="underline underline-offset-2">
      {children}
    </a>
  );
}

const escapeTitle = (text: string) => text.replace(/["\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');

/**
 * The text with `[John 3:16](/bible?… "store text")` in place of each reference the server found in
 * the Scripture (its offsets are UTF-16 offsets into `text`, as JavaScript counts). A reference whose
 * offsets do not fit the text, or overlap one already linked, is left as written.
 */
export function withReferenceLinks(text: string, references: readonly CheckedReference[]): string {
  let out = text;
  let limit = text.length;
  const linked = references.filter((r) => r.href && r.status !== 'invalid').sort((a, b) => b.start - a.start);
  for (const r of linked) {
    if (r.start < 0 || r.end > limit || r.start >= r.end) continue;
    limit = r.start;
    const label = r.status === 'misquoted' ? `${r.written} (misquoted)` : r.written;
    const title = r.status === 'misquoted' ? `${r.problem ?? ''} ${passageName(r.reference ?? '')}: ${r.text ?? ''}` : (r.text ?? '');
    out = `${out.slice(0, r.start)}[${label}](${r.href} "${escapeTitle(title.slice(0, 600))}")${out.slice(r.end)}`;
  }
  return out;
}
