import { PageNav } from './PageNav.tsx';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUser, UsersPage } from '#common/contracts/admin.ts';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { apiGet, apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '#common/dates/format-date.ts';

const ROLES = { user: 'Reader', author: 'Author', admin: 'Admin' } as const;

/** Accounts: find by email or name, change the role, disable or enable, delete with everything that is theirs. */
export function UsersPanel() {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['admin', 'users', q, page],
    queryFn: () => apiGet<UsersPage>(`/api/admin/users?${new URLSearchParams({ q, page: String(page) })}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  const change = useMutation({
    mutationFn: ({ user, body }: { user: AdminUser; body: { role?: AdminUser['role']; disabled?: boolean } }) =>
      apiRequest('PUT', `/api/admin/users/${encodeURIComponent(user.id)}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (user: AdminUser) => apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(user.id)}`), onSuccess: refresh });
  if (list.isError) return <LoadFailed what="the accounts" error={list.error} onRetry={() => void list.refetch()} busy={list.isFetching} />;
  const data = list.data;
  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-3">
      <h2 id="users-heading" className="font-serif text-xl font-semibold">
        Accounts {data && <span className="text-base font-normal text-stone-600 dark:text-stone-400">({data.total})</span>}
      </h2>
      <div role="search">
        <label htmlFor="users-search" className="sr-only">
          Find an account by email or name
        </label>
        <input
          id="users-search"
          type="search"
          className="input sm:max-w-sm"
          placeholder="Find by email or name"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <FormMessages error={change.isError ? errorMessage(change.error) : remove.isError ? errorMessage(remove.error) : null} notice={null} />
      {!data ? (
        <p aria-busy="true">Loading…</p>
      ) : data.users.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No account matches.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {data.users.map((user) => {
            const self = user.id === me.data?.id;
            return (
              <li key={user.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all">{user.email}</p>
                  <p className="text-sm text-stone-600 dark:text-stone-400">
                    {user.name} · joined {formatDate(user.createdAt, 'short')}
                    {user.disabled && <span className="ml-2 font-semibold text-red-800 dark:text-red-300">Disabled</span>}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <label htmlFor={`role-${user.id}`} className="sr-only">
                    Role of {user.email}
                  </label>
                  <select
                    id={`role-${user.id}`}
                    className="input w-auto"
                    value={user.role}
                    disabled={self || change.isPending}
                    onChange={(e) => change.mutate({ user, body: { role: e.target.value as AdminUser['role'] } })}
                  >
                    {Object.entries(ROLES).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={self || change.isPending}
                    onClick={() => change.mutate({ user, body: { disabled: !user.disabled } })}
                    aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
                  >
                    {user.disabled ? 'Enable' : 'Disable'}
                  </button>
                  <button
                    type="button"
                    className="button-ghost text-red-800 dark:text-red-300"
                    disabled={self || remove.isPending}
                    onClick={() => window.confirm(`Delete ${user.email} and everything that is theirs? This cannot be undone.`) && remove.mutate(user)}
                    aria-label={`Delete ${user.email}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {data && <PageNav label="Account pages" page={data.page} pageCount={data.pageCount} onPage={setPage} />}
    </section>
  );
}
