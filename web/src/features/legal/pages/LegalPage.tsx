import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { translationGroupsQuery } from '../../scripture/api/scripture.ts';

/** A plain reading page for the site's terms, privacy notice and about text. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl px-5 py-10 leading-7 [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:font-serif [&_h2]:text-xl [&_h2]:font-semibold [&_p]:mb-3 [&_li]:mb-1 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6">
      <p className="mb-6 text-sm">
        <Link to="/" className="underline underline-offset-2">
          Selah
        </Link>
      </p>
      <h1 className="font-serif text-3xl font-semibold">{title}</h1>
      {children}
    </article>
  );
}

export function PrivacyContent() {
  return (
    <LegalPage title="Privacy Policy">
      <p>Selah is free software that anyone can run. This notice describes what the software itself keeps; whoever runs this site is responsible for it.</p>
      <h2>In your browser</h2>
      <ul>
        <li>Your theme, text size, red-letter choice and preferred translation, kept in your browser's local storage.</li>
        <li>As a guest, your highlights, notes and AI answers stay in your browser until you create an account.</li>
      </ul>
      <h2>On the server</h2>
      <ul>
        <li>Bible texts and the searches you make, which are answered and not kept.</li>
        <li>With an account: your email address, display name, settings, highlights and notes, which you can delete with your account.</li>
      </ul>
      <h2>What Selah does not do</h2>
      <p>No advertising, no tracking scripts, no selling of data. Questions sent to an AI service go only to the one this site's operator configured.</p>
    </LegalPage>
  );
}

export function TermsContent() {
  return (
    <LegalPage title="Terms of Service">
      <p>Selah is offered free of charge, as is, for reading and studying the Bible.</p>
      <h2>Bible texts</h2>
      <p>Each translation carries its own licence, shown with it. Public-domain texts may be shared freely; others only as their licence allows.</p>
      <h2>AI help</h2>
      <p>Answers from the assistant are aids to study, not authority. Verses it quotes are checked against and shown from the Bible text itself.</p>
      <h2>Your content</h2>
      <p>Notes and highlights are yours. Do not use the site to publish anything unlawful or abusive.</p>
    </LegalPage>
  );
}

export function AboutContent() {
  const translations = useQuery(translationGroupsQuery);
  return (
    <LegalPage title="About Selah">
      <p>
        Selah is a free, self-hostable web application for reading and studying the Bible. Read a chapter in your translation, search it and compare
        translations; highlight verses and keep notes; ask questions and get answers grounded in Scripture; listen to a chapter; make and share verse pictures;
        follow a reading plan; and come back each day for a verse, a prayer and a lesson. Guests keep their study in the browser; an account keeps it on every
        device.
      </p>
      <p>“Selah” is the pause written into the Psalms: a moment to stop and consider. The app is built to give you that moment with the text itself.</p>

      <h2>The texts and their licences</h2>
      <p>Every translation on this site, and the terms it is offered under:</p>
      {translations.data ? (
        <ul>
          {translations.data.flatMap((group) =>
            group.translations.map((t) => (
              <li key={t.code}>
                <strong>
                  {t.name} ({t.code})
                </strong>
                , {group.languageName}: {t.licence}
              </li>
            )),
          )}
        </ul>
      ) : (
        <p>{translations.isError ? 'The list of translations could not be loaded just now.' : 'Loading the list of translations…'}</p>
      )}
      <p>
        Cross-references come from the bible-crossref data package (MIT licence). Where this site has no Strong’s dictionary installed, word study reads
        Strong’s Hebrew and Greek dictionaries as Open Scriptures publishes them (CC BY-SA). Where this site has them installed, topics come from Nave’s Topical
        Bible and commentary from Matthew Henry’s Concise Commentary, both in the public domain. Lessons and news are written by this site’s editors.
      </p>

      <h2>How AI answers are checked</h2>
      <p>
        Answers are drawn from passages found in the Bible first: by reference, by words, by topic and by cross-reference. Every Scripture reference in an
        answer is then checked against the texts stored here: a reference to a book, chapter or verse that does not exist is marked, and a quotation that does
        not match the verse it names is flagged as misquoted. Verified references link to the passage, so you can always read it for yourself. Without a
        language model configured, the built-in engine answers with the passages themselves, offline.
      </p>

      <h2>How to host it</h2>
      <p>
        Selah is open source and runs on one machine with Node.js: one command installs it and starts it with an embedded database, the King James Version, the
        World English Bible and the American Standard Version, all offline and without keys. PostgreSQL, a mail relay, an OpenAI-compatible language model,
        speech and image services, S3 storage and licensed translations can each be added with a setting. The project’s README explains every one.
      </p>
    </LegalPage>
  );
}
