// The query's reading is shared with the device's offline search, so both find the same verses.
export { parseQuery, type QueryPart } from '#common/scripture/search/parse-query.ts';
