import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { NewsPost } from '#common/contracts/news.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ScriptureMarkdown } from '../../../components/ScriptureMarkdown.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast-store.ts';
import { adminNewsPostQuery, deleteNews, saveNews } from '../api/admin.ts';
import { ArticleEditor } from '../components/ArticleEditor.tsx';
import { StaffOnly } from '../components/StaffOnly.tsx';

/** /news/create and /news/{id}/edit: an admin writes a post in Markdown, and publishes or unpublishes it. */
export function NewsEditorPage({ id }: { id?: string }) {
  return (
    <StaffOnly>
      {(role) =>
        role === 'admin' ? (
          <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:px-6">
            <NewsEditor id={id} />
          </div>
        ) : (
          <p role="alert" className="px-6 py-12 text-center">
            News is written by administrators.
          </p>
        )
      }
    </StaffOnly>
  );
}

function NewsEditor({ id }: { id?: string }) {
  const post = useQuery({ ...adminNewsPostQuery(id ?? ''), enabled: id !== undefined });
  if (post.isError) return <LoadFailed what="the post" error={post.error} onRetry={() => void post.refetch()} busy={post.isFetching} />;
  if (id && post.isPending) return <p aria-busy="true">Loading…</p>;
  return <NewsForm key={id ?? 'new'} post={id ? post.data : undefined} />;
}

function NewsForm({ post }: { post?: NewsPost }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [published, setPublished] = useState(post?.status === 'published');
  const [showPreview, setShowPreview] = useState(false);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin'] }), queryClient.invalidateQueries({ queryKey: ['news'] })]);
  const save = useMutation({
    mutationFn: () => saveNews(post?.id, { title, body, status: published ? 'published' : 'draft' }),
    onSuccess: async (saved) => {
      toast({ title: saved.status === 'published' ? 'Published' : 'Draft saved', description: saved.title, duration: 4000 });
      await refresh();
      if (!post) await navigate({ to: '/news/$id/edit', params: { id: saved.id }, replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteNews(post!.id),
    onSuccess: async () => {
      await refresh();
      await navigate({ to: '/admin', search: { section: 'news' } });
    },
  });
  return (
    <ArticleEditor
      ids={ids}
      heading={{ level: 'h1', text: post ? 'Edit news post' : 'New news post', className: 'font-serif text-3xl font-semibold' }}
      back={
        <Link to="/admin" search={{ section: 'news' }} className="button-ghost no-underline">
          Back to the panel
        </Link>
      }
      title={title}
      onTitle={setTitle}
      body={body}
      onBody={setBody}
      bodyLabel="Post (Markdown)"
      bodyClassName="input min-h-64 font-mono text-sm"
      error={save.isError ? errorMessage(save.error) : remove.isError ? errorMessage(remove.error) : null}
      saving={save.isPending}
      submitLabel="Save"
      actions={
        post?.status === 'published' && (
          <Link to="/news/$id" params={{ id: post.id }} className="button-ghost no-underline">
            View post
          </Link>
        )
      }
      remove={post && { label: 'Delete post', title: post.title, busy: remove.isPending, run: () => remove.mutate() }}
      onSubmit={() => save.mutate()}
    >
      <label className="flex min-h-11 items-center gap-2 sm:min-h-0">
        <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
        Published (readers see it at /news)
      </label>
      <button type="button" className="button-secondary self-start" aria-expanded={showPreview} onClick={() => setShowPreview((s) => !s)}>
        {showPreview ? 'Hide preview' : 'Preview'}
      </button>
      {showPreview && (
        <section aria-label="Preview" className="card">
          <ScriptureMarkdown text={body} className="article-body" />
        </section>
      )}
    </ArticleEditor>
  );
}
