import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminAuthor } from '#common/contracts/lessons.ts';
import { Field, FormMessages } from '../../../components/FormMessages.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { AuthorAvatar } from '../../lessons/components/AuthorAvatar.tsx';
import { adminAuthorsQuery, removeAuthorPicture, saveAuthor, uploadAuthorPicture } from '../api/admin.ts';
import { countOf, en } from '#common/text/plural.ts';

/** The people lessons are written by: name, address, bio, picture, and the account that may write as them. */
export function AuthorsPanel() {
  const authors = useQuery(adminAuthorsQuery);
  const [editing, setEditing] = useState<AdminAuthor | 'new' | null>(null);
  if (authors.isError) return <LoadFailed what="the authors" error={authors.error} onRetry={() => void authors.refetch()} busy={authors.isFetching} />;
  return (
    <section aria-labelledby="authors-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="authors-heading" className="font-serif text-xl font-semibold">
          Authors
        </h2>
        {editing === null && (
          <button type="button" className="button-primary" onClick={() => setEditing('new')}>
            Add an author
          </button>
        )}
      </div>
      {editing !== null && (
        <AuthorForm key={editing === 'new' ? 'new' : editing.id} author={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
      )}
      {authors.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : authors.data.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">No authors yet. Add one to write lessons.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {authors.data.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3 py-2">
              <AuthorAvatar author={a} decorative />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{a.name}</p>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  /{a.slug} · {countOf(a.lessonCount, en('lesson'))}
                  {a.userEmail ? ` · writes as ${a.userEmail}` : ''}
                </p>
              </div>
              <button type="button" className="button-secondary" onClick={() => setEditing(a)} aria-label={`Edit ${a.name}`}>
                Edit
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AuthorForm({ author, onDone }: { author?: AdminAuthor; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(author?.name ?? '');
  const [slug, setSlug] = useState(author?.slug ?? '');
  const [bio, setBio] = useState(author?.bio ?? '');
  const [email, setEmail] = useState(author?.userEmail ?? '');
  const save = useMutation({
    mutationFn: () => saveAuthor(author?.id, { name, bio, slug: slug.trim() || undefined, userEmail: email.trim() || undefined }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const id = author?.id ?? 'new';
  return (
    <form onSubmit={submit} className="card flex flex-col gap-3" aria-label={author ? `Edit ${author.name}` : 'New author'}>
      <Field id={`author-name-${id}`} label="Name">
        <input id={`author-name-${id}`} className="input" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id={`author-slug-${id}`} label="Address (slug, made from the name when empty)">
        <input id={`author-slug-${id}`} className="input" maxLength={80} value={slug} onChange={(e) => setSlug(e.target.value)} />
      </Field>
      <Field id={`author-bio-${id}`} label="Bio (Markdown)">
        <textarea id={`author-bio-${id}`} className="input min-h-24" maxLength={2000} value={bio} onChange={(e) => setBio(e.target.value)} />
      </Field>
      <Field id={`author-email-${id}`} label="Account that writes as this author (optional; give it the author role)">
        <input id={`author-email-${id}`} className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      {author ? <AuthorPicture author={author} /> : <p className="text-sm text-stone-600 dark:text-stone-400">Save the author to give them a picture.</p>}
      <FormMessages error={save.isError ? errorMessage(save.error) : null} notice={null} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save author'}
        </button>
        <button type="button" className="button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The author's picture: shown, replaced from a file, or removed (the server crops it square and re-encodes it). */
function AuthorPicture({ author }: { author: AdminAuthor }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [url, setUrl] = useState(author.profileImageUrl);
  const change = useMutation({
    mutationFn: (file: File | null) => (file ? uploadAuthorPicture(author.id, file) : removeAuthorPicture(author.id)),
    onSuccess: async (saved) => {
      setUrl(saved.profileImageUrl);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Picture (PNG, JPEG or WebP, up to 8 MB; cropped to a square)
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          <img src={url} alt={author.name} className="h-20 w-20 shrink-0 rounded-full bg-stone-200 object-cover dark:bg-stone-800" />
        ) : (
          <span className="text-sm text-stone-600 dark:text-stone-400">No picture: their initials are shown.</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={change.isPending}
          className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:text-stone-900 sm:file:min-h-0 sm:file:py-2 dark:file:border-stone-700 dark:file:bg-stone-900 dark:file:text-stone-100"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) change.mutate(file);
            e.target.value = '';
          }}
        />
        {url && (
          <button type="button" className="button-ghost" disabled={change.isPending} onClick={() => change.mutate(null)}>
            Remove picture
          </button>
        )}
        {change.isPending && <span role="status">Uploading…</span>}
      </div>
      <FormMessages error={change.isError ? errorMessage(change.error) : null} notice={null} />
    </div>
  );
}
