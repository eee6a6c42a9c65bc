import { z } from 'zod';

/** Spec §8: every refusal and failure of the API answers `{ "message": string }`, a sentence a person can act on. */
export const errorBody = z.object({ message: z.string() });
