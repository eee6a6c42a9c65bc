/**
 * Typed errors thrown by services and mapped to HTTP in one place (http/error-handler.ts). The body is
 * always `{ "message": string }` so the client can show it (spec §8).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the reply must carry (a Retry-After, cookies to clear). */
    readonly headers: Record<string, string | string[]> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class Invalid extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/** Nobody is signed in, or the session is over: the client asks the person to sign in. */
export class Unauthorized extends AppError {
  constructor(message: string, headers: Record<string, string | string[]> = {}) {
    super(401, message, headers);
  }
}

/** Signed in, but this is not theirs to do (an admin page for a user). */
export class Forbidden extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class TooMany extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class Busy extends AppError {
  constructor(message: string) {
    super(503, message, { 'retry-after': '30' });
  }
}

/** A service Selah depends on (a language model, a speech server) failed or took too long: 502 or 504. */
export class Upstream extends AppError {
  constructor(message: string, timedOut = false) {
    super(timedOut ? 504 : 502, message);
  }
}

/** The change collides with what is stored (a slug another item already has). */
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
