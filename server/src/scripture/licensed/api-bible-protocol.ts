import { z } from 'zod';

/**
 * The parts of API.Bible's REST API (v1) that Selah reads, as zod schemas: every reply is checked
 * before use, so a changed or broken reply becomes a provider failure, never a server error. Fields
 * Selah does not use are left out (zod drops them).
 */

export const apiBibleSummary = z.object({
  id: z.string().min(1).max(100),
  abbreviation: z.string().max(100).nullish(),
  abbreviationLocal: z.string().max(100).nullish(),
  name: z.string().min(1).max(300),
  nameLocal: z.string().max(300).nullish(),
  description: z.string().max(2000).nullish(),
  language: z.object({
    id: z.string().max(20),
    name: z.string().max(200),
    nameLocal: z.string().max(200).nullish(),
    scriptDirection: z.string().max(10).nullish(),
  }),
  copyright: z.string().max(5000).nullish(),
  info: z.string().nullish(),
});
export type ApiBibleSummary = z.infer<typeof apiBibleSummary>;

export const apiBibleList = z.object({ data: z.array(apiBibleSummary).max(5000) });

export const apiBook = z.object({
  id: z.string().min(1).max(20),
  name: z.string().max(200),
  nameLong: z.string().max(300).nullish(),
  chapters: z
    .array(z.object({ id: z.string().max(40), number: z.string().max(20) }))
    .max(200)
    .default([]),
});
export type ApiBook = z.infer<typeof apiBook>;

export const apiBookList = z.object({ data: z.array(apiBook).max(200) });

/** A node of chapter content asked for with `content-type=json`: USX as JSON (a tag with items, or text). */
export interface ApiContentNode {
  type?: string;
  name?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  items?: ApiContentNode[];
}
const contentNode: z.ZodType<ApiContentNode> = z.lazy(() =>
  z.object({
    type: z.string().max(20).optional(),
    name: z.string().max(40).optional(),
    text: z.string().max(20_000).optional(),
    attrs: z.record(z.string(), z.unknown()).optional(),
    items: z.array(contentNode).max(5_000).optional(),
  }),
);

export const apiChapter = z.object({
  data: z.object({
    id: z.string().max(40),
    bookId: z.string().max(20),
    number: z.string().max(20),
    copyright: z.string().max(5000).nullish(),
    content: z.array(contentNode).max(5_000),
  }),
  /** The usage-report token the fair-use terms ask integrators to send back when the text is shown. */
  meta: z
    .object({ fumsToken: z.string().max(500).nullish(), fumsId: z.string().max(500).nullish() })
    .partial()
    .nullish(),
});
export type ApiChapter = z.infer<typeof apiChapter>;

export const apiSearch = z.object({
  data: z.object({
    query: z.string().max(500).nullish(),
    limit: z.number().int().nullish(),
    offset: z.number().int().nullish(),
    total: z.number().int().nullish(),
    verses: z
      .array(
        z.object({
          id: z.string().max(40),
          bookId: z.string().max(20),
          chapterId: z.string().max(40),
          text: z.string().max(20_000),
          reference: z.string().max(200),
        }),
      )
      .max(500)
      .default([]),
  }),
  meta: z
    .object({ fumsToken: z.string().max(500).nullish(), fumsId: z.string().max(500).nullish() })
    .partial()
    .nullish(),
});
export type ApiSearch = z.infer<typeof apiSearch>;
