// The package ships no types: its lists, one per language, by ISO 639-3 code, are all the search uses
// (every tsconfig compiling common/scripture/search includes this).
declare module 'stopword' {
  type List = readonly string[];
  export const ara: List, cat: List, ces: List, dan: List, deu: List, ell: List, eng: List, eus: List, fin: List, fra: List, gle: List, heb: List, hun: List;
  export const hye: List, ita: List, lat: List, nld: List, nob: List, por: List, ron: List, rus: List, slv: List, spa: List, swe: List, tur: List;
}
