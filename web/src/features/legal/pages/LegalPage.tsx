import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';

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
  return (
    <LegalPage title="About Selah">
      <p>
        Selah is a free, self-hostable web application for reading and studying the Bible: read a chapter in your translation, search it, compare translations,
        highlight verses and keep notes — as a guest in your browser, or in an account that follows you to every device. Questions answered from Scripture,
        listening and verse images are on their way.
      </p>
      <p>“Selah” is the pause written into the Psalms: a moment to stop and consider. The app is built to give you that moment with the text itself.</p>
    </LegalPage>
  );
}
