// wink-lexicon ships no types: WordNet's exception lists, each an irregular form → its base.
declare module 'wink-lexicon/src/wn-verb-exceptions.js' {
  const exceptions: Record<string, string>;
  export default exceptions;
}
declare module 'wink-lexicon/src/wn-noun-exceptions.js' {
  const exceptions: Record<string, string>;
  export default exceptions;
}
