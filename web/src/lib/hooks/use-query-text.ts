import { useState } from 'react';

/**
 * What a search box shows: what the person types, replaced by the URL's query whenever that changes
 * (back, a link, a letter). Adjusted while rendering, as React advises, not in an effect.
 */
export function useQueryText(q: string | undefined): [string, (text: string) => void] {
  const [text, setText] = useState(q ?? '');
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setText(q ?? '');
  }
  return [text, setText];
}
