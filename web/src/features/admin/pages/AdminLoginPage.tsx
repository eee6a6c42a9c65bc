import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/hooks/use-action.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { CredentialFields } from '../../auth/components/CredentialFields.tsx';
import { adminSignIn } from '../api/admin.ts';

/** /secret-admin-login: signs in administrators only, then on to /admin. */
export function AdminLoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction((e) => errorMessage(e));

  if (user.data?.role === 'admin') return <Navigate to="/admin" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await adminSignIn(email.trim(), password);
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      queryClient.removeQueries({ queryKey: ['admin'] });
      await navigate({ to: '/admin' });
    });
  };

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-5 px-5 py-12">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Admin sign-in</h1>
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">For the administrators of this Selah site.</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <CredentialFields email={email} onEmail={setEmail} password={password} onPassword={setPassword} />
        <FormMessages error={error} notice={null} />
        <button type="submit" className="button-primary" disabled={busy || !email.trim() || !password}>
          {busy ? 'Please wait…' : 'Sign in as administrator'}
        </button>
      </form>
    </div>
  );
}
