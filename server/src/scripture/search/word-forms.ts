// Word forms and stop words are shared with the device's offline search, so both find the same verses.
export { stemmerFor, stopWords } from '#common/scripture/search/word-forms.ts';
