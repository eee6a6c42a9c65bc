import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../api/auth.ts';

const shell = 'mx-auto flex max-w-md flex-col gap-4 px-5 py-12';

/**
 * /verify-email: better-auth sends the browser here after checking the link's token, with
 * `verified=1` or an `error`. Opened any other way, nothing was confirmed, and the page says so.
 */
export function VerifyEmailPage({ verified, error }: { verified?: string; error?: string }) {
  const user = useCurrentUser().data;
  if (error) {
    return (
      <div className={shell}>
        <h1 className="font-serif text-3xl font-semibold">This link did not work</h1>
        <p role="alert">The confirmation link is not valid any more. Login to have a new one sent.</p>
        <LoginLink />
      </div>
    );
  }
  // Signing in needs a confirmed email, so a signed-in person's is.
  if (verified || user) {
    return (
      <div className={shell}>
        <h1 className="font-serif text-3xl font-semibold">Your email is confirmed</h1>
        <p role="status">{user ? `You are signed in as ${user.email}.` : 'You can now login.'}</p>
        {user ? (
          <Link to="/bible" className="button-primary self-start no-underline">
            Start reading
          </Link>
        ) : (
          <LoginLink />
        )}
      </div>
    );
  }
  return (
    <div className={shell}>
      <h1 className="font-serif text-3xl font-semibold">Open the link in your email</h1>
      <p>
        To confirm your email, open the link in the mail we sent when you signed up. No mail? Login with your email and password and we will send the link
        again.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <LoginLink />
        <Link to="/auth" search={{ mode: 'signup' }} className="inline-flex min-h-11 items-center text-sm underline underline-offset-2">
          Sign Up
        </Link>
      </div>
    </div>
  );
}

function LoginLink() {
  return (
    <Link to="/auth" search={{ mode: 'signin' }} className="button-primary self-start no-underline">
      Login
    </Link>
  );
}
