import { z } from 'zod';
import { NO_AUDIO_TEXT } from '../audio/rules.ts';

const text = (max: number) =>
  z
    .string({ error: NO_AUDIO_TEXT })
    .max(max, 'This text is too long to read aloud.')
    .refine((t) => t.trim() !== '', NO_AUDIO_TEXT);
const translation = z.string().trim().min(1, 'Choose a translation.').max(16, 'Choose a translation.');

/** Spec §7 POST /api/bible/audio. */
export const chapterAudioRequest = z.object({
  book: z.string().trim().min(1, 'Choose a book.').max(60, 'Choose a book.'),
  chapter: z.coerce.number({ error: 'Choose a chapter.' }).int('Choose a chapter.').min(1, 'Choose a chapter.').max(200, 'Choose a chapter.'),
  text: text(400_000),
  translation,
});

/** Spec §7 POST /api/verse/audio. */
export const verseAudioRequest = z.object({
  reference: z.string().trim().min(1, 'Give the verse to read, like "John 3:16".').max(100, 'Give the verse to read, like "John 3:16".'),
  text: text(40_000),
  translation,
});

/** The spec's `{ audioUrl }`, with where each verse starts so the reader can follow the voice. */
export const audioReply = z.object({
  audioUrl: z.string(),
  /** Seconds. */
  duration: z.number(),
  verses: z.array(z.object({ verse: z.number().int(), start: z.number() })),
});
export type AudioReply = z.infer<typeof audioReply>;
