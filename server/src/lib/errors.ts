/**
 * Typed errors thrown by services and mapped to HTTP in one place (app.ts). The body is always
 * `{ "message": string }` so the client can show it (spec §8).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
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

export class Unavailable extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
