import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '../features/admin/pages/AdminLoginPage.tsx';

export const Route = createFileRoute('/secret-admin-login')({ component: AdminLoginPage });
