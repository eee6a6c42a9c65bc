import { useEffect, useState } from 'react';

interface TranslationGroup {
  languageName: string;
  translations: { code: string; name: string }[];
}

/**
 * The first screen of the app shell: until the reader lands it shows which translations the server
 * holds, read from the real API, so a fresh install can be checked at a glance.
 */
export function App() {
  const [groups, setGroups] = useState<TranslationGroup[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch('/api/bible/translations/grouped', { credentials: 'include' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}: ${r.statusText}`))))
      .then(setGroups)
      .catch((e: Error) => setError(e.message));
  }, []);

  return (
    <main className="mx-auto max-w-2xl p-6 font-serif text-stone-900 dark:bg-stone-950 dark:text-stone-100">
      <h1 className="text-3xl font-semibold">Selah</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">Read and study the Bible.</p>
      {error && <p role="alert">Could not load translations: {error}</p>}
      {groups?.map((g) => (
        <section key={g.languageName} className="mt-6">
          <h2 className="text-xl font-semibold">{g.languageName}</h2>
          <ul className="mt-2 list-disc pl-6">
            {g.translations.map((t) => (
              <li key={t.code}>
                <strong>{t.code}</strong> — {t.name}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
