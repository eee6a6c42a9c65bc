import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field, FormMessages } from '../../../components/FormMessages.tsx';
import { apiPost, errorMessage } from '../../../lib/api-client.ts';
import { useTypedEarly } from '../../../lib/hooks/use-typed-early.ts';

/** /contact: a message to the people who run this site (kept for them, and mailed when they set an address). */
export function ContactPage() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  // People never see this field; a bot filling in every field does.
  const [website, setWebsite] = useState('');
  // A message begun before the page's script ran is sent as typed.
  const nameField = useTypedEarly(name, setName);
  const emailField = useTypedEarly(email, setEmail);
  const messageField = useTypedEarly(message, setMessage);
  const send = useMutation({ mutationFn: () => apiPost<{ message: string }>('/api/contact', { name, email, message, website: website || undefined }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Contact</h1>
        <p className="mt-2 text-stone-700 dark:text-stone-300">A question, a mistake in a text, an idea? Write to the people who run this site.</p>
      </div>
      {send.isSuccess ? (
        <p role="status" className="card">
          {send.data.message}
        </p>
      ) : (
        <form onSubmit={submit} className="card flex flex-col gap-4">
          <Field id="contact-name" label="Your name">
            <input
              ref={nameField}
              id="contact-name"
              className="input"
              autoComplete="name"
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field id="contact-email" label="Your email address (for the answer)">
            <input
              ref={emailField}
              id="contact-email"
              type="email"
              className="input"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field id="contact-message" label="Message">
            <textarea
              ref={messageField}
              id="contact-message"
              className="input min-h-40"
              required
              minLength={10}
              maxLength={5000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
          <div aria-hidden="true" className="invisible absolute h-0 overflow-hidden">
            <label htmlFor="contact-website">Website</label>
            <input id="contact-website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
          </div>
          <FormMessages error={send.isError ? errorMessage(send.error) : null} notice={null} />
          <button type="submit" className="button-primary self-start" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}
    </div>
  );
}
