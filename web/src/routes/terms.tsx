import { createFileRoute } from '@tanstack/react-router';
import { TermsContent } from '../features/legal/LegalPage.tsx';

export const Route = createFileRoute('/terms')({ component: TermsContent });
