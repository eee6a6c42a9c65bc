import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store.ts';

const Toaster = lazy(() => import('./Toaster.tsx'));

/** The toasts, whose library loads with the first one: most visits never show one. */
export function LazyToaster() {
  const shown = useToasts().length > 0;
  return shown ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
