import { SaxesParser, type SaxesTagPlain } from 'saxes';

import { compactNodes, type TextNode, type VerseNode } from '#common/bible/content.ts';

/**
 * OSIS → VerseNode[], one verse at a time, as SWORD stores it: each verse is a fragment, and
 * milestones (`<q sID/>…<q eID/>`, `<l sID/>`, `<lg sID/>`, `<div sID/>`, `<chapter sID/>`) open in
 * one verse and close in a later one. So the converter keeps that state across the verses of a book:
 * make one per book and feed it every entry in order, intros included.
 *
 * Text nodes keep the source's whitespace; the plain text of a verse is what plainText() makes of
 * them. Notes and headings never enter the plain text.
 */
export interface OsisConverterOptions {
  /**
   * Keep text inside `<div type="introduction">`. Bibles put book introductions there (not verse
   * text); commentaries such as MHCC put their whole comment there.
   */
  keepIntroductions?: boolean;
}

/** What a book's intro says about the book's names (USFM \h and \toc1 carried by osis2mod). */
export interface OsisBookTitles {
  name?: string;
  nameLong?: string;
}

type BlockNode = Extract<VerseNode, { type: 'paragraph' | 'line' | 'stanza' }>;
type Mode = 'intro' | 'verse';

interface Frame {
  name: string;
  supplied?: boolean;
  jesus?: boolean;
  divine?: boolean;
  strongs?: boolean;
  skip?: boolean;
  ignore?: boolean;
  note?: boolean;
  title?: boolean;
  marker?: string;
  line?: boolean;
  lg?: boolean;
  chapter?: boolean;
}

// Divisions that are not verse text: front and back matter, glossaries, introductions.
const SKIPPED_DIVS = new Set([
  'front', 'back', 'glossary', 'titlePage', 'preface', 'coverPage', 'publicationData', 'acknowledgement',
  'dedication', 'index', 'colophon', 'bibliography',
]);
const PARAGRAPH_DIVS = new Set(['paragraph', 'x-p']);
// Titles that label rather than head the text: the app prints its own chapter labels.
const DROPPED_TITLES = new Set(['chapter', 'x-chapterLabel', 'x-introduction', 'runningHead']);

const WORD_CHAR = /[\p{L}\p{N}]/u;
// Several Haiola-built modules (WEB) lose the space after a footnote call ("God<note/>created") and
// after the end of the words of Jesus ("righteousness.”</q>Then"); diatheke shows the same run-on
// words. A space goes back when a word follows what can end a word (after a note) or a sentence or
// quotation (after words of Jesus).
const BEFORE_NOTE_GAP = /[\p{L}\p{N},.;:!?’”')\]]$/u;
const BEFORE_QUOTE_GAP = /[,.;:!?’”')\]]$/u;

export class OsisConverter {
  private readonly parser: SaxesParser;
  private readonly keepIntroductions: boolean;

  // State that spans fragments (milestones).
  private readonly jesusMilestones = new Set<string>();
  private readonly skipMilestones = new Set<string>();
  private readonly lgMilestones = new Set<string>();
  private lineOpen = false;
  private lineIndent: number | undefined;
  private lgEnded = false;
  private chapterClosed = false;
  private inBookDiv = false;
  private readonly bookTitles: OsisBookTitles = {};
  private readonly mainTitles: string[] = [];
  private out: VerseNode[] = [];

  // State within one fragment.
  private mode: Mode = 'verse';
  private stack: Frame[] = [];
  private suppliedDepth = 0;
  private jesusDepth = 0;
  private divineDepth = 0;
  private skipDepth = 0;
  private ignoreDepth = 0;
  private lgDepth = 0;
  private strongsStack: (string[] | undefined)[] = [];
  private note: { kind: 'footnote' | 'crossref'; text: string } | undefined;
  private title: { kind: 'section' | 'psalm'; type: string; text: string; notes: VerseNode[] } | undefined;
  private gap: RegExp | undefined; // a note or the words of Jesus just ended: see BEFORE_NOTE_GAP
  private lastChar = '';

  constructor(options: OsisConverterOptions = {}) {
    this.keepIntroductions = options.keepIntroductions ?? false;
    this.parser = new SaxesParser({ position: false });
    Object.assign(this.parser.ENTITIES, { nbsp: '\u00a0', ndash: '–', mdash: '—', hellip: '…', para: '¶' });
    // SWORD fragments are not always well-formed; saxes reports and carries on, and so do we.
    this.parser.on('error', () => undefined);
    this.parser.on('opentag', (tag) => this.open(tag as SaxesTagPlain));
    this.parser.on('closetag', (tag) => this.close(tag.name));
    this.parser.on('text', (text) => this.text(text));
  }

  /**
   * A book or chapter intro. Its headings and block starts (a Psalm 119 letter, the first `<lg>`,
   * the paragraph opened before verse 1) are kept for the next verse; its text is not verse text.
   */
  intro(markup: string): void {
    this.feed(markup, 'intro');
  }

  /** One verse. Returns [] for an empty verse, whose pending block starts then go to the next. */
  verse(markup: string): VerseNode[] {
    this.feed(markup, 'verse');
    return this.finishVerse();
  }

  /** Book names from the intro: `\h` as name, `\toc1` (or the main titles) as the long name. */
  get titles(): OsisBookTitles {
    const nameLong = this.bookTitles.nameLong ?? (this.mainTitles.length ? this.mainTitles.join(' ') : undefined);
    return { ...this.bookTitles, ...(nameLong ? { nameLong } : {}) };
  }

  private feed(markup: string, mode: Mode): void {
    if (!markup) return;
    this.mode = mode;
    this.stack = [];
    this.suppliedDepth = this.jesusDepth = this.divineDepth = this.skipDepth = this.ignoreDepth = this.lgDepth = 0;
    this.strongsStack = [];
    this.note = undefined;
    this.title = undefined;
    this.gap = undefined;
    this.parser.write(`<r>${repairFragment(markup)}</r>`);
    this.parser.close();
  }

  private get skipping(): boolean {
    return this.skipDepth > 0 || this.skipMilestones.size > 0;
  }

  private get inPoetry(): boolean {
    return this.lineOpen || this.lgDepth > 0 || this.lgMilestones.size > 0;
  }

  private open(tag: SaxesTagPlain): void {
    const a = tag.attributes;
    const frame: Frame = { name: tag.name };
    this.stack.push(frame);
    switch (tag.name) {
      case 'w': {
        frame.strongs = true;
        this.strongsStack.push(parseStrongs(a.lemma));
        break;
      }
      case 'transChange':
        if (a.type === 'added') {
          frame.supplied = true;
          this.suppliedDepth++;
        }
        break;
      case 'divineName':
        frame.divine = true;
        this.divineDepth++;
        break;
      case 'q':
        if (a.sID) {
          if (a.who === 'Jesus') this.jesusMilestones.add(a.sID);
          this.markerText(a.marker);
        } else if (a.eID) {
          this.markerText(a.marker);
          if (this.jesusMilestones.delete(a.eID)) this.gap = BEFORE_QUOTE_GAP;
        } else {
          if (a.who === 'Jesus') {
            frame.jesus = true;
            this.jesusDepth++;
          }
          this.markerText(a.marker);
          frame.marker = a.marker;
        }
        break;
      case 'note':
        if (!this.note) {
          this.note = { kind: a.type === 'crossReference' ? 'crossref' : 'footnote', text: '' };
          frame.note = true;
        }
        break;
      case 'reference':
        // The note's anchor label ("1.4 ") repeats the verse number; real references are kept.
        if (this.note && a.type === 'annotateRef') this.ignoreFrame(frame);
        break;
      case 'title':
      case 'speaker':
        if (!this.title && !this.note) {
          const type = tag.name === 'speaker' ? 'speaker' : (a.type ?? '');
          const kind = type === 'psalm' || a.canonical === 'true' ? 'psalm' : 'section';
          this.title = { kind, type, text: '', notes: [] };
          frame.title = true;
        }
        break;
      case 'div':
        this.openDiv(a, frame);
        break;
      case 'p':
        this.block({ type: 'paragraph' });
        break;
      case 'chapter':
        if (a.eID) this.chapterClosed = true;
        else {
          this.chapterClosed = false;
          this.lgEnded = false;
          if (!a.sID) frame.chapter = true;
        }
        break;
      case 'lg':
        if (a.eID) this.endLg(a.eID);
        else {
          if (this.lgEnded) this.block({ type: 'stanza' });
          this.lgEnded = false;
          if (a.sID) this.lgMilestones.add(a.sID);
          else {
            frame.lg = true;
            this.lgDepth++;
          }
        }
        break;
      case 'l':
        if (a.eID) this.lineOpen = false;
        else {
          const level = Number(a.level);
          this.lineIndent = Number.isInteger(level) && level > 0 ? level : undefined;
          this.block(this.lineIndent ? { type: 'line', indent: this.lineIndent } : { type: 'line' });
          this.lineOpen = true;
          if (!a.sID) frame.line = true;
        }
        break;
      case 'lb':
        if (a.type === 'x-p') this.block({ type: this.inPoetry ? 'stanza' : 'paragraph' });
        else if (this.inPoetry) this.block(this.lineIndent ? { type: 'line', indent: this.lineIndent } : { type: 'line' });
        else this.text(' ');
        break;
      case 'milestone':
        this.openMilestone(a);
        break;
      case 'figure':
      case 'index':
        this.ignoreFrame(frame);
        break;
      default:
        // seg, hi, foreign, name, rdg, catchWord, abbr, list, item, table …: their text is kept as is.
        break;
    }
  }

  private openDiv(a: Record<string, string>, frame: Frame): void {
    const type = a.type ?? '';
    const skipped = SKIPPED_DIVS.has(type) || (type === 'introduction' && !this.keepIntroductions);
    if (skipped) {
      if (a.sID) this.skipMilestones.add(a.sID);
      else if (a.eID) this.skipMilestones.delete(a.eID);
      else {
        frame.skip = true;
        this.skipDepth++;
      }
      return;
    }
    if (a.eID) return;
    if (type === 'book') this.inBookDiv = true;
    else if (PARAGRAPH_DIVS.has(type)) this.block({ type: 'paragraph' });
  }

  private openMilestone(a: Record<string, string>): void {
    const type = a.type ?? '';
    if (type === 'x-p' || type === 'x-paragraph' || a.marker === '¶') this.block({ type: 'paragraph' });
    else if (type === 'cQuote') this.markerText(a.marker);
    else if (this.inBookDiv && !this.skipping && a.n) {
      if (type === 'x-usfm-h') this.bookTitles.name ??= a.n.trim();
      else if (type === 'x-usfm-toc1') this.bookTitles.nameLong ??= a.n.trim();
    }
  }

  private ignoreFrame(frame: Frame): void {
    frame.ignore = true;
    this.ignoreDepth++;
  }

  private endLg(id: string): void {
    this.lgMilestones.delete(id);
    this.lgEnded = true;
  }

  private close(name: string): void {
    // Pop to the matching element, so a stray end tag in a malformed fragment cannot unbalance us.
    const at = this.stack.map((f) => f.name).lastIndexOf(name);
    if (at < 0) return;
    while (this.stack.length > at) this.closeFrame(this.stack.pop()!);
  }

  private closeFrame(f: Frame): void {
    if (f.strongs) this.strongsStack.pop();
    if (f.supplied) this.suppliedDepth--;
    if (f.divine) this.divineDepth--;
    if (f.marker) this.markerText(f.marker);
    if (f.jesus) {
      this.jesusDepth--;
      this.gap = BEFORE_QUOTE_GAP;
    }
    if (f.skip) this.skipDepth--;
    if (f.ignore) this.ignoreDepth--;
    if (f.line) this.lineOpen = false;
    if (f.lg) {
      this.lgDepth--;
      this.lgEnded = true;
    }
    if (f.chapter) this.chapterClosed = true;
    if (f.note) this.endNote();
    if (f.title) this.endTitle();
  }

  private endNote(): void {
    const note = this.note!;
    this.note = undefined;
    const text = collapse(note.text);
    if (!text || this.skipping || this.mode === 'intro') return;
    const node: VerseNode = { type: 'note', text, kind: note.kind };
    if (this.title) this.title.notes.push(node);
    else {
      this.out.push(node);
      this.gap = BEFORE_NOTE_GAP;
    }
  }

  private endTitle(): void {
    const title = this.title!;
    this.title = undefined;
    const text = collapse(title.text);
    if (!text || this.skipping) return;
    if (title.type === 'main') {
      if (this.inBookDiv) this.mainTitles.push(text);
      return;
    }
    // After the last chapter closes, a title is a colophon ("Written to the Romans from Corinthus…").
    if (DROPPED_TITLES.has(title.type) || this.chapterClosed) return;
    this.out.push({ type: 'heading', text, kind: title.kind }, ...title.notes);
  }

  private markerText(marker: string | undefined): void {
    if (marker) this.text(marker);
  }

  private text(raw: string): void {
    if (!raw || this.ignoreDepth > 0 || this.skipping) return;
    if (this.note) {
      this.note.text += raw;
      return;
    }
    if (this.title) {
      this.title.text += raw;
      return;
    }
    if (this.mode === 'intro') return;
    const parts = raw.split('¶');
    parts.forEach((part, i) => {
      if (i > 0) this.block({ type: 'paragraph' });
      this.emitText(part);
    });
  }

  private emitText(raw: string): void {
    if (!raw) return;
    let text = raw;
    if (this.gap) {
      if (WORD_CHAR.test(text[0]!) && this.gap.test(this.lastChar)) text = ' ' + text;
      this.gap = undefined;
    }
    const node: TextNode = { type: 'text', text };
    if (this.suppliedDepth > 0) node.supplied = true;
    if (this.jesusDepth > 0 || this.jesusMilestones.size > 0) node.wordsOfJesus = true;
    if (this.divineDepth > 0) node.divineName = true;
    const strongs = this.strongsStack.at(-1);
    if (strongs?.length) node.strongs = strongs;
    this.out.push(node);
    this.lastChar = text.at(-1)!;
  }

  /**
   * Adds a block start unless one already stands since the last text: SWORD modules often mark the
   * same break twice (a paragraph `<div>` and a ¶; `<lb type="x-p"/>` and a new `<lg>`).
   */
  private block(node: BlockNode): void {
    if (this.skipping || this.note || this.title) return;
    for (let i = this.out.length - 1; i >= 0; i--) {
      const prev = this.out[i]!;
      if (prev.type === 'text' && prev.text.trim() === '') continue;
      if (prev.type === 'paragraph' && node.type !== 'line') return;
      if (prev.type === 'stanza' && node.type === 'stanza') return;
      if (prev.type === 'line') {
        if (node.type !== 'line') {
          // A new paragraph or stanza before an empty line supersedes it.
          this.out.splice(i, 1);
          continue;
        }
        this.out[i] = node; // a line that never got text: the new one replaces it
        return;
      }
      if (prev.type === 'paragraph' || prev.type === 'stanza') continue;
      if (prev.type === 'heading' && node.type === 'stanza') return; // the heading already separates
      break;
    }
    this.out.push(node);
  }

  private finishVerse(): VerseNode[] {
    const nodes = this.out;
    let end = nodes.length;
    while (end > 0 && !isContent(nodes[end - 1]!)) end--;
    if (end === 0) return []; // nothing but block starts and headings: they wait for the next verse
    // Block starts and headings after the last text belong before the next verse's text.
    this.out = nodes.slice(end).filter((n) => n.type !== 'text');
    const verse = nodes.slice(0, end);
    trimEdges(verse);
    this.lastChar = '';
    return compactNodes(verse);
  }
}

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g;

/**
 * Makes a stored fragment parseable without changing well-formed ones: converts USFM character
 * markers a converter left raw (the KJV module has `\nd LORD\+nd*` and `\nd <w>…</w></divineName>`),
 * escapes bare ampersands, drops end tags that close nothing and closes what is left open. saxes
 * would otherwise end the wrapper element at the first stray end tag and read the rest as loose text.
 */
export function repairFragment(markup: string): string {
  let s = markup;
  if (s.includes('\\')) {
    s = s
      .replace(/\\\+?nd\*/g, '</divineName>')
      .replace(/\\\+?nd\s/g, '<divineName>')
      .replace(/\\\+?[a-z]+\d*\*?\s?/g, '');
  }
  if (s.includes('&')) s = s.replace(/&(?![A-Za-z][\w.-]*;|#\d+;|#x[\dA-Fa-f]+;)/g, '&amp;');
  const open: string[] = [];
  let out = '';
  let last = 0;
  let changed = false;
  for (const m of s.matchAll(TAG)) {
    const [tag, slash, name, selfClosing] = m as unknown as [string, string, string, string];
    if (selfClosing) continue;
    if (!slash) {
      open.push(name);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at >= 0 && at === open.length - 1) {
      open.pop();
      continue;
    }
    changed = true;
    out += s.slice(last, m.index);
    last = m.index + tag.length;
    if (at >= 0) {
      while (open.length > at) out += `</${open.pop()}>`;
    }
  }
  if (!changed && open.length === 0) return s;
  out += s.slice(last);
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** One fragment with no state before or after it: tests, single-verse lookups. */
export function osisToNodes(markup: string, options?: OsisConverterOptions): VerseNode[] {
  return new OsisConverter(options).verse(markup);
}

/** `lemma="strong:G25 strong:H07225 lemma.TR:agapao"` → ["G25", "H7225"]. */
export function parseStrongs(lemma: string | undefined): string[] | undefined {
  if (!lemma) return undefined;
  const out: string[] = [];
  for (const m of lemma.matchAll(/(?:^|\s)(?:strong|x-Strongs):([HG])0*(\d+)/gi)) {
    out.push(m[1]!.toUpperCase() + m[2]!);
  }
  return out.length ? out : undefined;
}

function isContent(node: VerseNode): boolean {
  return node.type === 'note' || (node.type === 'text' && node.text.trim() !== '');
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Drops whitespace before the verse's first text and after its last one. */
function trimEdges(nodes: VerseNode[]): void {
  const first = nodes.findIndex((n) => n.type === 'text' && n.text.trim() !== '');
  const lastIndex = nodes.findLastIndex((n) => n.type === 'text' && n.text.trim() !== '');
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i]!;
    if (n.type !== 'text') continue;
    if (i < first || i > lastIndex) {
      if (n.text.trim() === '') nodes.splice(i, 1);
    }
  }
  const f = nodes.find((n): n is TextNode => n.type === 'text');
  if (f) f.text = f.text.trimStart();
  const l = nodes.findLast((n): n is TextNode => n.type === 'text');
  if (l) l.text = l.text.trimEnd();
}
