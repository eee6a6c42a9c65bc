import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { installErrorFilter } from './app/error-filter.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

installErrorFilter();
hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={createAppRouter()} />
  </StrictMode>,
  {
    onRecoverableError: (error, info) => console.error('recoverable', String(error).slice(0, 200), (info.componentStack ?? '').slice(0, 1500)),
  },
);
