/** Previous / next page with "Page X of Y"; nothing when everything fits on one page. */
export function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-2 flex items-center justify-between gap-2">
      <button type="button" className="button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      <button type="button" className="button-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
