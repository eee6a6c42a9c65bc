import { useEffect } from 'react';

/** The tab's title for a page reached inside the app (the server writes it for a first load). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — Selah`;
  }, [title]);
}
