import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { DailyPrayer, PrayerCalendar } from '#common/contracts/daily.ts';
import { Field, FormMessages } from '../../../components/FormMessages.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { apiGet, apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '#common/dates/format-date.ts';

const SOURCES = { editor: 'Written here', ai: 'Drafted by AI', scripture: 'From Scripture' } as const;

/** The daily prayers from a week ago to two weeks ahead: an editor's prayer for a day comes before any other. */
export function PrayersPanel() {
  const calendar = useQuery({ queryKey: ['admin', 'prayers'], queryFn: () => apiGet<PrayerCalendar>('/api/admin/prayers'), staleTime: 0 });
  const [writing, setWriting] = useState<string | null>(null);
  if (calendar.isError) return <LoadFailed what="the prayers" error={calendar.error} onRetry={() => void calendar.refetch()} busy={calendar.isFetching} />;
  return (
    <section aria-labelledby="prayers-heading" className="flex flex-col gap-3">
      <h2 id="prayers-heading" className="font-serif text-xl font-semibold">
        Daily prayers
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        A prayer written here takes its day’s place; a day without one gets an AI draft when a model is set up, else one of Scripture’s own prayers.
      </p>
      {calendar.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {calendar.data.map(({ day, prayer }) => (
            <li key={day} className="flex flex-col gap-2 py-2">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="w-28 shrink-0 font-medium tabular-nums">{formatDate(day, 'weekdayShort')}</span>
                <span className="min-w-0 flex-1">
                  {prayer ? (
                    <>
                      {prayer.title} <span className="text-sm text-stone-600 dark:text-stone-400">· {SOURCES[prayer.source]}</span>
                    </>
                  ) : (
                    <span className="text-stone-600 dark:text-stone-400">Not written yet</span>
                  )}
                </span>
                {writing !== day && (
                  <button type="button" className="button-secondary" onClick={() => setWriting(day)} aria-label={`Write the prayer for ${day}`}>
                    {prayer?.source === 'editor' ? 'Edit' : 'Write'}
                  </button>
                )}
              </div>
              {writing === day && <PrayerForm day={day} prayer={prayer} onDone={() => setWriting(null)} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PrayerForm({ day, prayer, onDone }: { day: string; prayer: DailyPrayer | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const editor = prayer?.source === 'editor';
  const [title, setTitle] = useState(editor ? prayer.title : '');
  const [content, setContent] = useState(editor ? prayer.content : '');
  const save = useMutation({
    mutationFn: () => apiRequest<PrayerCalendar>('PUT', `/api/admin/prayers/${day}`, { title, content }),
    onSuccess: (calendar) => {
      queryClient.setQueryData(['admin', 'prayers'], calendar);
      // The home page and the archive show the day's prayer.
      void queryClient.invalidateQueries({ queryKey: ['prayers'] });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="card flex flex-col gap-3" aria-label={`Prayer for ${day}`}>
      <Field id={`prayer-title-${day}`} label="Title">
        <input id={`prayer-title-${day}`} className="input" required maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field id={`prayer-content-${day}`} label="Prayer">
        <textarea
          id={`prayer-content-${day}`}
          className="input min-h-32"
          required
          maxLength={4000}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
      </Field>
      <FormMessages error={save.isError ? errorMessage(save.error) : null} notice={null} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save prayer'}
        </button>
        <button type="button" className="button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
