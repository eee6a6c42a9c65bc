import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { confirmSubscription, unsubscribe } from '../api/newsletter.ts';

const WORDS = {
  confirm: {
    title: 'Confirm your subscription',
    text: 'One click, and the weekly devotional comes to your inbox every Monday.',
    button: 'Confirm subscription',
  },
  unsubscribe: { title: 'Unsubscribe', text: 'No more weekly devotionals will be sent to your address.', button: 'Unsubscribe' },
} as const;

/**
 * /newsletter/confirm and /newsletter/unsubscribe: the links in the mail. The page asks for a click
 * before it acts, because mail scanners open every link in a message.
 */
export function NewsletterLinkPage({ action, token }: { action: keyof typeof WORDS; token?: string }) {
  const words = WORDS[action];
  const act = useMutation({ mutationFn: () => (action === 'confirm' ? confirmSubscription(token!) : unsubscribe(token!)) });
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-6 py-16">
      <h1 className="font-serif text-3xl font-semibold">{words.title}</h1>
      {!token ? (
        <p role="alert">This link is not complete. Please use the link in the message we sent.</p>
      ) : act.isSuccess ? (
        <>
          <p role="status">{act.data.message}</p>
          <Link to="/" className="button-primary no-underline">
            Go home
          </Link>
        </>
      ) : (
        <>
          <p className="text-stone-700 dark:text-stone-300">{words.text}</p>
          <button type="button" className="button-primary" disabled={act.isPending} onClick={() => act.mutate()}>
            {act.isPending ? 'One moment…' : words.button}
          </button>
          {act.isError && (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              {errorMessage(act.error)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
