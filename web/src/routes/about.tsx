import { createFileRoute } from '@tanstack/react-router';
import { AboutContent } from '../features/legal/pages/LegalPage.tsx';

export const Route = createFileRoute('/about')({ component: AboutContent });
