import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { BookEntry, TranslationSummary } from '#common/contracts/bible.ts';
import { toast } from '../../../components/ui/toast-store.ts';
import { availableBooksQuery, firstAvailable, translationGroupsQuery } from '../../scripture/api/scripture.ts';
import { savePreferredTranslation, usePreferredTranslation } from '../store/preferred-translation.ts';

/** The translation in use: the reader URL's, else the saved preference, else KJV. */
export function useCurrentTranslation(): string {
  const search = useSearch({ strict: false }) as { translation?: string };
  const { pathname } = useLocation();
  const preferred = usePreferredTranslation();
  return (pathname === '/bible' && search.translation) || preferred;
}

/**
 * Spec §4 "Changing translation": check the new translation's books; none → 'Translation Not
 * Available' and nothing changes (so the selectors show the previous one again); the current book
 * missing → go to the translation's first book and chapter. Saves preferredTranslation.
 */
export function useChangeTranslation(): (code: string) => Promise<boolean> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const search = useSearch({ strict: false }) as { book?: string; chapter?: number };
  return useCallback(
    async (code: string) => {
      let books: BookEntry[];
      try {
        books = await queryClient.fetchQuery(availableBooksQuery(code));
      } catch {
        books = [];
      }
      if (books.length === 0) {
        toast({
          title: 'Translation Not Available',
          description: `The ${code} translation doesn't have any Bible content available yet.`,
          variant: 'destructive',
        });
        return false;
      }
      if (pathname !== '/bible') {
        savePreferredTranslation(code);
        return true;
      }
      // Saved once the reader is on its way to the new address (which names the translation): saved
      // first, the chapter still shown would be asked for in a translation that may lack it.
      const book = search.book ?? 'Genesis';
      const found = books.find((b) => b.englishName.toLowerCase() === book.toLowerCase() || b.name.toLowerCase() === book.toLowerCase());
      if (found) {
        const chapter = found.chapters.includes(search.chapter ?? 1) ? (search.chapter ?? 1) : found.chapters[0]!;
        await navigate({ to: '/bible', search: (prev: Record<string, unknown>) => ({ ...prev, translation: code, chapter }) as never });
      } else {
        const first = await firstAvailable(code);
        toast({
          title: 'Translation Not Available',
          description: `${book} is not in the ${code} translation. Showing ${first.book} ${first.chapter} instead.`,
          duration: 4000,
        });
        await navigate({ to: '/bible', search: { book: first.book, chapter: first.chapter, translation: code } as never });
      }
      savePreferredTranslation(code);
      return true;
    },
    [queryClient, navigate, pathname, search.book, search.chapter],
  );
}

/** What the translation list says of one translation (undefined until the list is in, or if it lacks it). */
export function useTranslationSummary(code: string): TranslationSummary | undefined {
  const groups = useQuery(translationGroupsQuery);
  return groups.data?.flatMap((g) => g.translations).find((t) => t.code === code);
}
