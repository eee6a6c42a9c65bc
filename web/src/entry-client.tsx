import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { installErrorFilter } from './app/error-filter.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

/** The address the server gave the site (its PUBLIC_URL), else the one the page was opened at. */
function siteOrigin(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="selah-origin"]')?.content || window.location.origin;
}

installErrorFilter();
// The page came rendered from the server: React takes over the same document.
hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={createAppRouter({ origin: siteOrigin() })} />
  </StrictMode>,
);
