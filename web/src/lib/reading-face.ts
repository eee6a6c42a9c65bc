import { storage } from './storage.ts';
// The same built files the stylesheet's faces name (Vite names a file by its content).
import roman from '@fontsource-variable/literata/files/literata-latin-wght-normal.woff2?url';
import italic from '@fontsource-variable/literata/files/literata-latin-wght-italic.woff2?url';

/**
 * The reading face (Literata, see reading-font.css) is fetched only after a first page has painted,
 * so it never competes with the page itself; once it is in the browser's cache it is used from the
 * first paint of every later page (the inline head script puts the class on before anything paints)
 * and from the next page a reader opens in this visit. The page being read when it arrives keeps its
 * face, so nothing reflows under the reader.
 */
const KEY = 'readingFace';
const READING_FACE_CLASS = 'reading-face';

/**
 * For a head script after the stylesheet: when the face was fetched before, puts the class on and asks
 * for both faces at once, so they come from the cache before the first paint ('optional' faces found
 * only later would not be used on this page).
 */
export const READING_FACE_SCRIPT = `try{if(localStorage.getItem('${KEY}')){document.documentElement.classList.add('${READING_FACE_CLASS}');document.fonts.load('1em Literata');document.fonts.load('italic 1em Literata')}}catch(e){}`;

let fetched = false;
const FETCH_AFTER_MS = 3000;

/**
 * Puts both faces in the browser's cache once it is idle, at low priority, and remembers that they are
 * there. Only their bytes are fetched: a face is decoded when a page uses it, not while this one is busy.
 */
export function fetchReadingFace(): void {
  if (fetched || typeof window === 'undefined' || storage.get(KEY)) return;
  fetched = true;
  const idle = window.requestIdleCallback ?? ((go: () => void) => setTimeout(go, 1000));
  // A reader stays on a page for minutes: a few seconds' wait keeps the fetch clear of the page's own start.
  setTimeout(
    () =>
      idle(() => {
        const get = (url: string) => fetch(url, { priority: 'low' }).then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(res.statusText))));
        void Promise.all([get(roman), get(italic)]).then(
          () => storage.set(KEY, '1'),
          () => {},
        );
      }),
    FETCH_AFTER_MS,
  );
}

/** At a change of page: use the face if it has arrived, as the new page paints anyway. */
export function applyReadingFaceIfFetched(): void {
  if (storage.get(KEY)) document.documentElement.classList.add(READING_FACE_CLASS);
}
