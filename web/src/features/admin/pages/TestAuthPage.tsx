import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { diagnosticsQuery } from '../api/admin.ts';
import { FactList } from '../components/FactList.tsx';
import { StaffOnly } from '../components/StaffOnly.tsx';

/** /test-auth: an admin's view of their own sign-in as the server sees it (cookie names, never values). */
export function TestAuthPage() {
  return (
    <StaffOnly>
      {(role) =>
        role === 'admin' ? (
          <Diagnostics />
        ) : (
          <p role="alert" className="px-6 py-12 text-center">
            This page is for administrators only.
          </p>
        )
      }
    </StaffOnly>
  );
}

function Diagnostics() {
  const facts = useQuery(diagnosticsQuery);
  const d = facts.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold">Sign-in diagnostics</h1>
      {facts.isError ? (
        <LoadFailed what="the diagnostics" error={facts.error} onRetry={() => void facts.refetch()} busy={facts.isFetching} />
      ) : !d ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <FactSection
            title="You"
            facts={[
              ['Signed in as', d.you.email],
              ['Role', `${d.you.role} (${d.site.roleCheck})`],
            ]}
          />
          <FactSection
            title="Cookies"
            facts={[
              ['Sent with this request', d.cookies.names.join(', ') || 'none'],
              ['Secure', d.cookies.secure ? 'yes (the site is on https)' : 'no (PUBLIC_URL is not https)'],
              ['SameSite', d.cookies.sameSite],
              ['HttpOnly', d.cookies.httpOnly ? 'yes: scripts cannot read them' : 'no'],
            ]}
          />
          <FactSection
            title="This request"
            facts={[
              ['Protocol', d.request.protocol],
              ['Host', d.request.host],
              ['Your address', d.request.clientAddress],
              ['Behind a proxy (TRUST_PROXY)', d.request.trustProxy ? 'yes' : 'no'],
              ['Public address (PUBLIC_URL)', d.site.publicUrl ?? 'not set: links use the trusted host a request came in on'],
            ]}
          />
          <FactSection
            title="Engines"
            facts={[
              ['AI answers', d.engines.answers],
              ['Speech', d.engines.speech],
              ['Pictures', d.engines.images],
              ['Media storage', d.engines.media],
              ['Mail', d.engines.mail],
            ]}
          />
        </>
      )}
    </div>
  );
}

function FactSection({ title, facts }: { title: string; facts: [string, ReactNode][] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card flex flex-col gap-3">
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <FactList facts={facts} />
    </section>
  );
}
