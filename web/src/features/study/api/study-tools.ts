import { useQuery } from '@tanstack/react-query';
import type { CommentariesReply, CrossReferencesReply, DictionaryEntryReply, DictionaryNamesReply, StrongsReply } from '#common/contracts/study-tools.ts';
import { apiGet } from '../../../lib/api-client.ts';

const versePath = (book: string, chapter: number, verse: number) => `${encodeURIComponent(book)}/${chapter}/${verse}`;

/** Every installed commentary's entry on the verse (issue 30 §3); asked for when the Commentary tab opens. */
export function useCommentaries(book: string, chapter: number, verse: number) {
  return useQuery({
    queryKey: ['study-tools', 'commentaries', book, chapter, verse],
    queryFn: () => apiGet<CommentariesReply>(`/api/study-tools/commentaries/${versePath(book, chapter, verse)}`),
  });
}

/** The verses cross-referenced from this one, with their text in the reader's translation. */
export function useCrossReferences(book: string, chapter: number, verse: number, translation: string) {
  return useQuery({
    queryKey: ['study-tools', 'cross-references', book, chapter, verse, translation],
    queryFn: () =>
      apiGet<CrossReferencesReply>(`/api/study-tools/cross-references/${versePath(book, chapter, verse)}?translation=${encodeURIComponent(translation)}`),
    // The references of a verse do not change while the app is open.
    staleTime: Infinity,
  });
}

/** A Strong's number's word study: its lexicon entry and the translation's verses carrying it, by book. */
export function useWordStudy(number: string, translation: string) {
  return useQuery({
    queryKey: ['study-tools', 'strongs', number, translation],
    queryFn: () => apiGet<StrongsReply>(`/api/study-tools/strongs/${encodeURIComponent(number)}?translation=${encodeURIComponent(translation)}`),
    staleTime: 5 * 60_000,
  });
}

/** The verse's names that an installed Bible dictionary has, read in the reader's translation. */
export function useDictionaryNames(book: string, chapter: number, verse: number, translation: string) {
  return useQuery({
    queryKey: ['study-tools', 'dictionary', book, chapter, verse, translation],
    queryFn: () =>
      apiGet<DictionaryNamesReply>(`/api/study-tools/dictionary/${versePath(book, chapter, verse)}?translation=${encodeURIComponent(translation)}`),
  });
}

/** Every installed Bible dictionary's entry under the key; asked for when a name is opened. */
export function useDictionaryEntry(key: string) {
  return useQuery({
    queryKey: ['study-tools', 'dictionary-entry', key],
    queryFn: () => apiGet<DictionaryEntryReply>(`/api/study-tools/dictionary/entry/${encodeURIComponent(key)}`),
    staleTime: 5 * 60_000,
  });
}
