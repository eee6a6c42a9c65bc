// The package ships no types: the part of its API the search uses (every tsconfig compiling common/scripture/search includes this).
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
  export function algorithms(): string[];
}
