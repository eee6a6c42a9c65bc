import { ZodError } from 'zod';
import { AppError } from '../src/lib/errors.ts';

/**
 * What a service call was refused with, as a route would answer it: the status and message of an
 * AppError, or 400 and the first message of a schema's refusal. A call that was not refused fails the test.
 */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    if (error instanceof ZodError) return { status: 400, message: error.issues[0]!.message };
    throw error;
  }
  throw new Error('it was not refused');
}
