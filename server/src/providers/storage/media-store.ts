import type { Readable } from 'node:stream';

/** What the store knows of a file without reading it. */
export interface MediaInfo {
  size: number;
  contentType: string;
  /** Changes only if the file does (a key names what made the file, so in practice never). */
  etag: string;
}

/**
 * Generated media (speech, pictures), kept by key: a folder under DATA_DIR by default, an S3-compatible
 * bucket when configured. Keys name what made the file (engine, voice, text, version), so a file once
 * written is never changed and can be cached for good.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  stat(key: string): Promise<MediaInfo | undefined>;
  /** The file's bytes, or the inclusive byte range of them. */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the file; a key with no file is no error (deleting twice is the same as once). */
  delete(key: string): Promise<void>;
  /** Where a browser fetches the file: the bucket's public address when it has one, else the app's. */
  url(key: string): string;
  /** Makes the place files go when it is not there yet (a new bucket); answers what it did. */
  prepare?(): Promise<'ready' | 'created'>;
}

/** "audio/3f…a9.mp3": a kind of media, a name of lower-case letters, digits and dashes, an extension. */
export const MEDIA_KEY = /^[a-z]+\/[a-z0-9-]{8,128}\.(mp3|json|png|webp)$/;

const TYPES: Record<string, string> = { mp3: 'audio/mpeg', json: 'application/json', png: 'image/png', webp: 'image/webp' };

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The app's own address of a stored file (served by media.routes.ts). */
export const appMediaUrl = (key: string) => `/media/${key}`;

export function assertKey(key: string): void {
  if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
}
