import type { TopicalHeading, TopicalLine } from './topical-entry.ts';

/** A heading as one page shows it: all of it, or the items that did not fit on the page before (`continued`). */
export interface TopicPart {
  heading: TopicalHeading;
  items: TopicalLine[];
  /** The heading began on an earlier page: its own line (title aside) was shown there. */
  continued: boolean;
}

/** What a line costs a page: its references and links, and at least its own line. */
const weight = (line: TopicalLine) => Math.max(1, line.references.length + line.see.length);

/**
 * An entry cut into pages of about `budget` references, at heading and item boundaries: whole headings
 * while they fit, a heading too big for the rest of a page split between its items and carried on the
 * next page under its title. One line is never split, so a page can exceed the budget by one line's
 * references (Nave's longest line has a few dozen). An entry within the budget is one page.
 */
export function topicPages(headings: readonly TopicalHeading[], budget: number): TopicPart[][] {
  const pages: TopicPart[][] = [];
  let page: TopicPart[] = [];
  let used = 0;
  const close = () => {
    pages.push(page);
    page = [];
    used = 0;
  };
  for (const heading of headings) {
    const own = weight(heading);
    if (used > 0 && used + own > budget) close();
    let part: TopicPart = { heading, items: [], continued: false };
    page.push(part);
    used += own;
    for (const item of heading.items) {
      const cost = weight(item);
      // Break before this item unless it would leave the page holding nothing but this heading's title.
      if (used + cost > budget && (part.items.length > 0 || page.length > 1)) {
        close();
        part = { heading, items: [], continued: true };
        page.push(part);
      }
      part.items.push(item);
      used += cost;
    }
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}
