import { createHash } from 'node:crypto';
import { text as readAll } from 'node:stream/consumers';
import { z } from 'zod';
import type { AudioReply } from '#common/contracts/audio.ts';
import type { VerseItem } from '#common/contracts/bible.ts';
import { Busy, Invalid, NotFound, TooMany } from '../../lib/errors.ts';
import type { QuotaClient } from '../../lib/quota/client-quota.ts';
import { isQueueFull } from '../../lib/worker-pool.ts';
import type { MediaStore } from '../../providers/storage/media-store.ts';
import type { SpeechEngine } from '../../providers/speech/speech-engine.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { AudioQuota } from './audio-quota.ts';
import { chapterSegments, forSpeech, type SpokenSegment, verseSegments } from './spoken-text.ts';

/** Passages being read aloud at once (each waits for a worker); more are refused until one is done. */
const MAX_GENERATIONS = 8;
/** A verse request reads at most this many verses (a long selection; a chapter has its own button). */
const MAX_VERSES = 60;
const BUSY = 'Audio is being made for many passages just now. Please try again in a minute.';

/** Who asks for audio: their account (when signed in) and address, counted only when a passage is spoken. */
export interface AudioClient {
  viewer: QuotaClient;
  address: string;
}

const timings = z.object({ duration: z.number(), verses: z.array(z.object({ verse: z.number().int(), start: z.number() })) });

/**
 * Chapter and verse audio (spec §7): the store's text read by the speech engine, made once and kept in
 * the media store under a key naming the engine, the translation, the passage and a hash of the exact
 * words, so a changed text or engine makes a new file and an unchanged one is never made twice. Only
 * a passage actually spoken is counted against the asker's limits (AudioQuota).
 */
export class AudioService {
  private readonly making = new Map<string, Promise<AudioReply>>();
  /** Passages spoken since start (not found in storage): for tests and logs. */
  generations = 0;

  constructor(
    private readonly bible: BibleService,
    private readonly engine: SpeechEngine,
    private readonly media: MediaStore,
    private readonly quota: AudioQuota,
  ) {}

  async chapterAudio(input: { book: string; chapter: number; translation: string }, client: AudioClient): Promise<AudioReply> {
    const t = this.localText(input.translation);
    const canon = this.bible.book(input.book);
    const chapter = t.book(canon)?.chapter(input.chapter);
    if (!chapter) throw new NotFound(`${canon.name} ${input.chapter} is not available in the ${t.code} translation.`);
    const segments = chapterSegments(canon.name, input.chapter, chapter.verses());
    return this.audioFor(`${t.code}-${canon.osis}-${input.chapter}`, segments, true, client);
  }

  async verseAudio(input: { reference: string; translation: string }, client: AudioClient): Promise<AudioReply> {
    const t = this.localText(input.translation);
    const range = this.bible.reference(input.reference);
    const wanted = this.bible.passageVerses(t, range, MAX_VERSES + 1);
    if (wanted.length === 0) throw new NotFound(`${input.reference.trim()} is not in the ${t.code} translation.`);
    if (wanted.length > MAX_VERSES) throw new Invalid(`Verse audio reads at most ${MAX_VERSES} verses: use Listen on the chapter for more.`);
    // Each chapter's verses are unpacked once, however many of its verses are read.
    const chapters = new Map<number, VerseItem[]>();
    const items = wanted.flatMap((w) => {
      let verses = chapters.get(w.chapter);
      if (!verses) chapters.set(w.chapter, (verses = t.book(range.book)?.chapter(w.chapter)?.verses() ?? []));
      return verses.filter((v) => v.verse === w.verse);
    });
    const first = wanted[0]!;
    const last = wanted.at(-1)!;
    const span = `${first.chapter}-${first.verse}-${last.chapter}-${last.verse}`;
    return this.audioFor(`${t.code}-${range.book.osis}-${span}`, verseSegments(items), false, client);
  }

  /**
   * A text the server keeps (a daily prayer), read aloud by its id: `name` names it in storage, and a
   * changed text makes a new file. Never a client's words: callers read them from the store.
   */
  async storedTextAudio(name: string, parts: readonly string[], client: AudioClient): Promise<AudioReply> {
    const segments = parts.map((text, i) => ({ verse: i, text: forSpeech(text) })).filter((s) => s.text !== '');
    return this.audioFor(name, segments, true, client);
  }

  /** A local text: licensed ones may only be shown (their features have no 'audio'). */
  private localText(code: string) {
    if (this.bible.isLicensed(code)) {
      throw new Invalid(`Audio is not available for ${code.trim().toUpperCase()}: its publisher's terms allow it to be read on screen only.`);
    }
    return this.bible.translation(code);
  }

  private async audioFor(name: string, segments: SpokenSegment[], titled: boolean, client: AudioClient): Promise<AudioReply> {
    if (segments.length === 0) throw new Invalid('No text available to generate audio');
    const hash = createHash('sha256')
      .update(JSON.stringify([this.engine.id, segments]))
      .digest('hex')
      .slice(0, 20);
    const base = `audio/${name.toLowerCase().replace(/[^a-z0-9-]/g, '')}-${hash}`;
    // Two asking for the same passage at once share one making of it, counted against the first.
    const shared = this.making.get(base);
    if (shared) {
      try {
        return await shared;
      } catch (error) {
        // The first asker's limit is not this one's: it asks again, on its own count.
        if (error instanceof TooMany) return this.audioFor(name, segments, titled, client);
        throw error;
      }
    }
    if (this.making.size >= MAX_GENERATIONS) throw new Busy(BUSY);
    const pending = this.stored(base)
      .then(async (found) => {
        if (found) return found;
        await this.quota.take(client.viewer, client.address);
        return this.make(base, segments, titled);
      })
      .finally(() => this.making.delete(base));
    this.making.set(base, pending);
    return pending;
  }

  private async stored(base: string): Promise<AudioReply | undefined> {
    const [mp3, json] = await Promise.all([this.media.stat(`${base}.mp3`), this.media.stat(`${base}.json`)]);
    if (!mp3 || !json) return undefined;
    let parsed;
    try {
      parsed = timings.safeParse(JSON.parse(await readAll(await this.media.open(`${base}.json`))));
    } catch {
      return undefined; // a spoiled timings file: the passage is made again, and both files replaced
    }
    return parsed.success ? { audioUrl: this.media.url(`${base}.mp3`), ...parsed.data } : undefined;
  }

  private async make(base: string, segments: SpokenSegment[], titled: boolean): Promise<AudioReply> {
    this.generations++;
    let speech;
    try {
      speech = await this.engine.speak(
        segments.map((s) => s.text),
        { titled },
      );
    } catch (error) {
      if (isQueueFull(error)) throw new Busy(BUSY);
      throw error; // the engine's own failure is ours to fix: logged, and a 500
    }
    const made = { duration: speech.duration, verses: segments.map((s, i) => ({ verse: s.verse, start: speech.starts[i]! })) };
    // The sound first, then its timings: a reader finds both or treats the passage as not made.
    await this.media.put(`${base}.mp3`, Buffer.from(speech.mp3.buffer, speech.mp3.byteOffset, speech.mp3.byteLength), 'audio/mpeg');
    await this.media.put(`${base}.json`, Buffer.from(JSON.stringify(made)), 'application/json');
    return { audioUrl: this.media.url(`${base}.mp3`), ...made };
  }
}
