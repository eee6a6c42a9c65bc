/** The errors `error` wraps, outermost first: drizzle wraps the driver's error in its own. */
export function* errorChain(error: unknown): Generator<Error> {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) yield e;
}

/** Whether the database refused a row because another already holds its unique key (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of errorChain(error)) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}
