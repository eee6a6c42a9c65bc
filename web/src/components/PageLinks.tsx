import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export const PAGE_LINK = 'button-secondary no-underline';

/**
 * Newer / "Page N of M" / Older under a paged list whose address takes `?page=` (the first page has
 * none, so it has one address). `things` names what is listed ("lessons"), for screen readers on phones.
 */
export function PageLinks({
  to,
  page,
  pageCount,
  things,
  label,
}: {
  to: '/bible-lessons' | '/news';
  page: number;
  pageCount: number;
  things: string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 border-t border-stone-200 pt-6 dark:border-stone-800">
      {page > 1 && (
        <Link to={to} search={page > 2 ? { page: page - 1 } : {}} rel="prev" className={`${PAGE_LINK} col-start-1 justify-self-start`}>
          <ChevronLeft aria-hidden size={18} />
          <span>
            Newer<span className="max-sm:sr-only"> {things}</span>
          </span>
        </Link>
      )}
      <p className="col-start-2 text-sm text-stone-700 dark:text-stone-300">
        Page {page} of {pageCount}
      </p>
      {page < pageCount && (
        <Link to={to} search={{ page: page + 1 }} rel="next" className={`${PAGE_LINK} col-start-3 justify-self-end`}>
          <span>
            Older<span className="max-sm:sr-only"> {things}</span>
          </span>
          <ChevronRight aria-hidden size={18} />
        </Link>
      )}
    </nav>
  );
}
