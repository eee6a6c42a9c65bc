import { createFileRoute } from '@tanstack/react-router';
import { TermsContent } from '../features/legal/pages/LegalPage.tsx';

export const Route = createFileRoute('/terms')({ component: TermsContent });
