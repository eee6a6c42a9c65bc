import { useId } from 'react';
import { FormMessages } from '../../../components/FormMessages.tsx';

/** The lesson's picture: shown, replaced from a file, or removed (the server re-encodes what is sent). */
export function HeroPicture({
  url,
  busy,
  error,
  onChange,
}: {
  url: string | null;
  busy: boolean;
  error: string | null;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Picture (PNG, JPEG or WebP, up to 8 MB; shown at the top of the lesson and in link previews)
      </label>
      {url && <img src={url} alt="" className="aspect-[2/1] w-full max-w-md rounded-xl object-cover" />}
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          className="text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:text-stone-900 sm:file:min-h-0 sm:file:py-2 dark:file:border-stone-700 dark:file:bg-stone-900 dark:file:text-stone-100"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChange(file);
            e.target.value = '';
          }}
        />
        {url && (
          <button type="button" className="button-ghost" disabled={busy} onClick={() => onChange(null)}>
            Remove picture
          </button>
        )}
        {busy && <span role="status">Uploading…</span>}
      </div>
      <FormMessages error={error} notice={null} />
    </div>
  );
}
