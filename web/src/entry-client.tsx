import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { installErrorFilter } from './app/error-filter.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

installErrorFilter();
// The page came rendered from the server: React takes over the same document.
hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={createAppRouter({ origin: window.location.origin })} />
  </StrictMode>,
);
