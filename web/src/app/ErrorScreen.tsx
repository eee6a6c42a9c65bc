/** Spec §8 global error boundary. */
export function ErrorScreen() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center" role="alert">
      <h1 className="font-serif text-2xl font-semibold">Something went wrong</h1>
      <p className="text-stone-700 dark:text-stone-300">We encountered an unexpected error. Please try refreshing the page.</p>
      <button type="button" className="button-primary" onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </main>
  );
}
