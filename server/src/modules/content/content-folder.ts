import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { sniffImageType } from '#common/contracts/avatar.ts';
import { SLUG } from '#common/contracts/lessons.ts';

/**
 * A content folder, as `npm run content -- import <folder>` and the sample content read it: Markdown
 * files with YAML front matter in `authors/`, `lessons/`, `news/` and `prayers/` (see content/sample/README.md).
 */
const slug = z.string().regex(SLUG, 'a slug uses lowercase letters, digits and single hyphens');
const when = z.union([z.date(), z.iso.datetime({ offset: true }), z.iso.date()]).transform((v) => (v instanceof Date ? v : new Date(v)));
const order = z.number().int().min(1).max(10_000).optional();

/** An author's picture: a file beside the author's Markdown, named without folders. */
const pictureFile = z
  .string()
  .trim()
  .regex(/^[\w][\w .-]*\.(png|jpe?g|webp)$/i, 'name a PNG, JPEG or WebP file in the same folder (e.g. ruth.jpg)');
const PICTURE_MAX_BYTES = 8 * 1024 * 1024;
const authorMeta = z.object({ name: z.string().trim().min(1).max(100), slug, picture: pictureFile.optional() });
const lessonMeta = z.object({
  title: z.string().trim().min(1).max(160),
  slug,
  author: slug,
  excerpt: z.string().trim().max(400).default(''),
  metaDescription: z.string().trim().max(200).default(''),
  publishedAt: when.optional(),
  order,
  draft: z.boolean().default(false),
});
const newsMeta = z.object({ title: z.string().trim().min(1).max(160), publishedAt: when.optional(), order, draft: z.boolean().default(false) });
const prayerMeta = z.object({ title: z.string().trim().min(1).max(160) });

export type ContentAuthor = Omit<z.infer<typeof authorMeta>, 'picture'> & { bio: string; picture?: { path: string; bytes: Buffer } };
export type ContentLesson = z.infer<typeof lessonMeta> & { body: string };
export type ContentNews = z.infer<typeof newsMeta> & { id: string; body: string };
export type ContentPrayer = z.infer<typeof prayerMeta> & { day: string; content: string };
export interface ContentFolder {
  authors: ContentAuthor[];
  lessons: ContentLesson[];
  news: ContentNews[];
  prayers: ContentPrayer[];
}

export class ContentError extends Error {}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

function markdownFiles(folder: string, kind: string): { name: string; path: string }[] {
  const dir = join(folder, kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => ({ name: basename(f, '.md'), path: join(dir, f) }));
}

function read<T extends z.ZodType>(path: string, schema: T): { meta: z.infer<T>; body: string } {
  const text = readFileSync(path, 'utf8');
  const m = FRONT_MATTER.exec(text);
  if (!m) throw new ContentError(`${path}: no front matter (a block between --- lines at the top)`);
  let raw: unknown;
  try {
    raw = parseYaml(m[1]!);
  } catch (error) {
    throw new ContentError(`${path}: the front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ContentError(`${path}: ${issue.path.join('.') || 'front matter'}: ${issue.message}`);
  }
  const body = m[2]!.trim();
  if (!body) throw new ContentError(`${path}: the file has no text after its front matter`);
  return { meta: parsed.data, body };
}

/** An author's picture file: there, at most 8 MB, and a PNG, JPEG or WebP by its first bytes (the import re-encodes it). */
function readPicture(path: string): { path: string; bytes: Buffer } {
  if (!existsSync(path) || !statSync(path).isFile()) throw new ContentError(`${path}: the author's picture is not there`);
  if (statSync(path).size > PICTURE_MAX_BYTES) throw new ContentError(`${path}: a picture can be at most 8 MB`);
  const bytes = readFileSync(path);
  if (!sniffImageType(bytes)) throw new ContentError(`${path}: not a PNG, JPEG or WebP image`);
  return { path, bytes };
}

/** Reads and checks a whole folder before anything is written: one bad file stops the import. */
export function readContentFolder(folder: string): ContentFolder {
  if (!existsSync(folder)) throw new ContentError(`${folder}: no such folder`);
  const authors = markdownFiles(folder, 'authors').map(({ path }): ContentAuthor => {
    const { meta, body } = read(path, authorMeta);
    const { picture, ...rest } = meta;
    return { ...rest, bio: body, ...(picture ? { picture: readPicture(join(dirname(path), picture)) } : {}) };
  });
  const lessons = markdownFiles(folder, 'lessons').map(({ path }) => {
    const { meta, body } = read(path, lessonMeta);
    return { ...meta, body };
  });
  const news = markdownFiles(folder, 'news').map(({ name, path }) => {
    const { meta, body } = read(path, newsMeta);
    if (!SLUG.test(name)) throw new ContentError(`${path}: name news files with lowercase letters, digits and hyphens (the name is the post's address)`);
    return { ...meta, id: name, body };
  });
  const prayers = markdownFiles(folder, 'prayers').map(({ name, path }) => {
    const { meta, body } = read(path, prayerMeta);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(name) || Number.isNaN(Date.parse(`${name}T00:00:00Z`))) {
      throw new ContentError(`${path}: name prayer files by their day, YYYY-MM-DD.md`);
    }
    return { ...meta, day: name, content: body };
  });
  // A lesson's author may be in the folder or already on the site: the import checks the latter.
  return { authors, lessons, news, prayers };
}
