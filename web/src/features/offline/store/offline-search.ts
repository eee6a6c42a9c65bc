import type { SearchRequest, SearchResponse } from '#common/contracts/bible.ts';
import { readRecord } from './download-record.ts';
import { DownloadedBooks } from './downloaded-books.ts';
import { DownloadedText } from '../downloaded-text.ts';

/**
 * Search without a network (issue 18 §3), in a translation downloaded to this device, answered as the
 * server answers (downloaded-text.ts). Loaded only when the server cannot be reached: the word forms
 * and stop words of every language it knows stay out of the pages' first load.
 */

// One text per translation for the page's life: a download does not change under it.
const texts = new Map<string, Promise<DownloadedText | undefined>>();

async function readDownload(code: string): Promise<DownloadedText | undefined> {
  const download = await DownloadedBooks.open(code);
  return download && new DownloadedText(code, (await readRecord(code))?.language, await download.allChapters());
}

/** The search's answer from the downloaded translation, or undefined when it is not downloaded. */
export async function searchDownloaded(params: SearchRequest): Promise<SearchResponse | undefined> {
  const code = params.translation;
  if (!code) return undefined;
  let text = texts.get(code);
  if (!text) texts.set(code, (text = readDownload(code)));
  const found = await text;
  if (!found) {
    texts.delete(code);
    return undefined;
  }
  return found.search(params);
}
