import { createFileRoute } from '@tanstack/react-router';
import { PrivacyContent } from '../features/legal/pages/LegalPage.tsx';

export const Route = createFileRoute('/privacy-standalone')({ component: PrivacyContent });
