import { downloadCacheName } from '../sw-rules.ts';

/**
 * A download's record, kept in its cache as its last entry: what is said to be downloaded is what is
 * there. In a file of its own, so the offline search reads it without loading the download's code.
 */
export const DOWNLOAD_RECORD = '/__selah/download.json';

export interface DownloadRecord {
  code: string;
  /** The text's language, whose word forms and stop words its offline search uses (absent in downloads made before). */
  language?: string;
  chapters: number;
  bytes: number;
  finishedAt: string;
}

export async function readRecord(code: string): Promise<DownloadRecord | undefined> {
  const hit = await (await caches.open(downloadCacheName(code))).match(DOWNLOAD_RECORD);
  return hit ? ((await hit.json()) as DownloadRecord) : undefined;
}
