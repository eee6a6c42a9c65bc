import { notFound } from '@tanstack/react-router';
import { SITE_NAME, type PageHead } from '../page-head.ts';
import { ApiError } from '../api-client.ts';

/** A public page's data; an id or code that names nothing (or cannot) is the not-found page with a 404. */
export async function pageDataOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

/** Head data that makes a shared link unfurl with its picture. */
export function pictureHead(input: {
  title: string;
  description: string;
  path: string;
  image: { url: string; width: number; height: number; alt: string };
  noindex?: boolean;
}): PageHead {
  return {
    title: `${input.title} — ${SITE_NAME}`,
    description: input.description,
    canonical: input.path,
    type: 'article',
    noindex: input.noindex,
    image: input.image,
  };
}
