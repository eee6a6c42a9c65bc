// The package ships no types: its lists, one per language (ISO 639-3 code), are all the search uses.
declare module 'stopword' {
  const lists: Record<string, readonly string[]>;
  export = lists;
}
