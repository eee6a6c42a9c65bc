/** Previous / "Page N of M" / Next under an admin list, shown only when there is more than one page. */
export function PageNav({ label, page, pageCount, onPage }: { label: string; page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <button type="button" className="button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm">
        Page {page} of {pageCount}
      </span>
      <button type="button" className="button-secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
