/** While a study tool loads: placeholders, said as busy to screen readers. */
export function ToolLoading({ label }: { label: string }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label={label} role="status">
      <div className="skeleton h-5 w-2/3" />
      <div className="skeleton h-20 w-full" />
      <div className="skeleton h-20 w-full" />
    </div>
  );
}

/** A study tool that could not be loaded, with a way to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="card flex flex-col items-start gap-3" role="alert">
      <p>Failed to load {what}</p>
      <button type="button" className="button-secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
