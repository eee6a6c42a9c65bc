import { Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CheckedReference } from '#common/contracts/ai.ts';
import { ScriptureMarkdown } from '../ScriptureMarkdown.tsx';

/**
 * One published article (a lesson or a news post): a way back to its list, the title and what the
 * page says under it, a picture, then the Markdown body. What only one kind shows (the author, related
 * lessons) comes in through `byline`, `picture` and `children`, so both pages share one outline.
 */
export function ArticlePage({
  titleId,
  title,
  back,
  byline,
  picture,
  body,
  references,
  className,
  headerClassName,
  children,
}: {
  titleId: string;
  title: string;
  back: { to: '/bible-lessons' | '/news'; label: string };
  byline: ReactNode;
  picture: ReactNode;
  body: string;
  references?: readonly CheckedReference[];
  className: string;
  headerClassName: string;
  children?: ReactNode;
}) {
  return (
    <article aria-labelledby={titleId} className={className}>
      <nav aria-label="Breadcrumb">
        <Link to={back.to} className="button-ghost -ml-3 no-underline">
          <ChevronLeft aria-hidden size={18} />
          {back.label}
        </Link>
      </nav>
      <header className={headerClassName}>
        <h1 id={titleId} className="font-serif text-3xl leading-tight font-semibold tracking-tight text-balance sm:text-4xl">
          {title}
        </h1>
        {byline}
      </header>
      {picture}
      <ScriptureMarkdown text={body} references={references} className="article-body" />
      {children}
    </article>
  );
}
