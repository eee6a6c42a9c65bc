import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { AdminAuthor, AdminLesson, LessonPreview } from '#common/contracts/lessons.ts';
import { Field, FormMessages } from '../../../components/FormMessages.tsx';
import { ArticleEditor } from './ArticleEditor.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ScriptureMarkdown } from '../../../components/ScriptureMarkdown.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast-store.ts';
import { adminAuthorsQuery, adminLessonQuery, deleteLesson, previewLesson, removeHero, saveLesson, uploadHero } from '../api/admin.ts';
import { HeroPicture } from './HeroPicture.tsx';
import { countOf, en } from '#common/text/plural.ts';

type Publish = 'draft' | 'now' | 'schedule';

/** A lesson loaded (or none, for a new one), then its form. */
export function LessonEditor({ id }: { id?: string }) {
  const lesson = useQuery({ ...adminLessonQuery(id ?? ''), enabled: id !== undefined });
  const authors = useQuery(adminAuthorsQuery);
  const failed = lesson.isError ? lesson : authors.isError ? authors : null;
  if (failed) return <LoadFailed what="the lesson" error={failed.error!} onRetry={() => void failed.refetch()} busy={failed.isFetching} />;
  if ((id && lesson.isPending) || authors.isPending) return <p aria-busy="true">Loading…</p>;
  return <LessonForm lesson={id ? lesson.data : undefined} authors={authors.data ?? []} />;
}

/** "2026-11-25T14:30" in the editor's own time zone, as a datetime-local input shows it. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

function LessonForm({ lesson, authors }: { lesson?: AdminLesson; authors: AdminAuthor[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ids = useId();
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [slug, setSlug] = useState(lesson?.slug ?? '');
  const [authorId, setAuthorId] = useState(lesson?.author.id ?? authors[0]?.id ?? '');
  const [excerpt, setExcerpt] = useState(lesson?.excerpt ?? '');
  const [metaDescription, setMetaDescription] = useState(lesson?.metaDescription === lesson?.excerpt ? '' : (lesson?.metaDescription ?? ''));
  const [body, setBody] = useState(lesson?.body ?? '');
  const [publish, setPublish] = useState<Publish>(lesson?.status === 'scheduled' ? 'schedule' : lesson?.status === 'published' ? 'now' : 'draft');
  const [publishAt, setPublishAt] = useState(lesson?.publishedAt ? localInput(lesson.publishedAt) : '');
  const [preview, setPreview] = useState<{ body: string; result: LessonPreview } | null>(null);
  // A published lesson keeps its address (the server refuses a change too).
  const slugLocked = lesson?.status === 'published';

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const save = useMutation({
    mutationFn: () =>
      saveLesson(lesson?.id, {
        title,
        slug: slug.trim() || undefined,
        authorId,
        excerpt,
        metaDescription,
        body,
        status: publish === 'draft' ? 'draft' : 'published',
        publishAt: publish === 'schedule' && publishAt ? new Date(publishAt).toISOString() : undefined,
      }),
    onSuccess: async (saved) => {
      // A toast, not a line in the form: a new lesson's form is replaced by its editor's once saved.
      toast({
        title: saved.status === 'published' ? 'Published' : saved.status === 'scheduled' ? 'Scheduled' : 'Draft saved',
        description: saved.title,
        duration: 4000,
      });
      await refresh();
      if (!lesson) await navigate({ to: '/admin', search: { section: 'lessons', edit: saved.id }, replace: true });
    },
  });
  const check = useMutation({ mutationFn: () => previewLesson(body), onSuccess: (result) => setPreview({ body, result }) });
  const remove = useMutation({
    mutationFn: () => deleteLesson(lesson!.id),
    onSuccess: async () => {
      await refresh();
      await navigate({ to: '/admin', search: { section: 'lessons' } });
    },
  });
  const hero = useMutation({
    mutationFn: (file: File | null) => (file ? uploadHero(lesson!.id, file) : removeHero(lesson!.id)),
    onSuccess: refresh,
  });

  const invalid = preview?.result.references.filter((r) => r.status !== 'verified') ?? [];

  if (authors.length === 0) {
    return (
      <p className="card">
        Lessons need an author.{' '}
        <Link to="/admin" search={{ section: 'authors' }}>
          Add an author
        </Link>{' '}
        first.
      </p>
    );
  }
  return (
    <ArticleEditor
      ids={ids}
      heading={{ level: 'h2', text: lesson ? `Edit “${lesson.title}”` : 'New lesson', className: 'font-serif text-xl font-semibold' }}
      back={
        <Link to="/admin" search={{ section: 'lessons' }} className="button-ghost no-underline">
          Back to lessons
        </Link>
      }
      title={title}
      onTitle={setTitle}
      fields={
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${ids}-slug`} label={slugLocked ? 'Address (kept: the lesson is published)' : 'Address (slug, made from the title when empty)'}>
              <input id={`${ids}-slug`} className="input" maxLength={80} value={slug} readOnly={slugLocked} onChange={(e) => setSlug(e.target.value)} />
            </Field>
            <Field id={`${ids}-author`} label="Author">
              <select id={`${ids}-author`} className="input" value={authorId} onChange={(e) => setAuthorId(e.target.value)}>
                {authors.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id={`${ids}-excerpt`} label="Excerpt (shown on cards)">
            <textarea id={`${ids}-excerpt`} className="input min-h-16" maxLength={400} value={excerpt} onChange={(e) => setExcerpt(e.target.value)} />
          </Field>
          <Field id={`${ids}-meta`} label="Description for search engines (the excerpt when empty)">
            <input id={`${ids}-meta`} className="input" maxLength={200} value={metaDescription} onChange={(e) => setMetaDescription(e.target.value)} />
          </Field>
        </>
      }
      body={body}
      onBody={setBody}
      bodyLabel="Lesson (Markdown; Scripture references such as John 3:16 become links)"
      bodyClassName="input min-h-80 font-mono text-sm"
      error={save.isError ? errorMessage(save.error) : remove.isError ? errorMessage(remove.error) : null}
      saving={save.isPending}
      submitLabel={publish === 'draft' ? 'Save draft' : publish === 'schedule' ? 'Schedule' : 'Publish'}
      remove={lesson && { label: 'Delete lesson', title: lesson.title, busy: remove.isPending, run: () => remove.mutate() }}
      onSubmit={() => save.mutate()}
    >
      <div className="flex flex-col gap-3">
        <button type="button" className="button-secondary self-start" disabled={!body.trim() || check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? 'Checking…' : 'Preview and check references'}
        </button>
        {check.isError && <FormMessages error={errorMessage(check.error)} notice={null} />}
        {preview && (
          <section aria-label="Preview" className="card flex flex-col gap-3">
            <p className="text-sm text-stone-600 dark:text-stone-400">
              Preview · {preview.result.readTimeMin} min read
              {preview.body !== body && ' · the text has changed since'}
            </p>
            {invalid.length > 0 ? (
              <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
                <p className="font-semibold">{invalid.length === 1 ? 'One reference to check' : `${countOf(invalid.length, en('reference'))} to check`}</p>
                <ul className="mt-1 list-disc pl-5">
                  {invalid.map((r) => (
                    <li key={r.start}>
                      {r.written}: {r.problem ?? 'not found in Scripture.'}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p role="status" className="text-sm text-green-900 dark:text-green-100">
                Every Scripture reference was found.
              </p>
            )}
            <ScriptureMarkdown text={preview.body} references={preview.result.references} className="article-body" />
          </section>
        )}
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Publication</legend>
        {(
          [
            ['draft', 'Draft: only the panel sees it'],
            ['now', lesson?.status === 'published' ? 'Published' : 'Publish now'],
            ['schedule', 'Schedule for a time'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2 sm:min-h-0">
            <input type="radio" name={`${ids}-publish`} value={value} checked={publish === value} onChange={() => setPublish(value)} />
            {label}
          </label>
        ))}
        {publish === 'schedule' && (
          <Field id={`${ids}-when`} label="Appears on">
            <input
              id={`${ids}-when`}
              type="datetime-local"
              className="input sm:w-64"
              required
              value={publishAt}
              onChange={(e) => setPublishAt(e.target.value)}
            />
          </Field>
        )}
      </fieldset>

      {lesson ? (
        <HeroPicture
          url={lesson.heroImageUrl}
          busy={hero.isPending}
          error={hero.isError ? errorMessage(hero.error) : null}
          onChange={(file) => hero.mutate(file)}
        />
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">Save the lesson to add a picture.</p>
      )}
    </ArticleEditor>
  );
}
