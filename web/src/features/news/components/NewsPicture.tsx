import type { NewsPost } from '#common/contracts/news.ts';
import { LessonImage } from '../../lessons/components/LessonImage.tsx';

/** A post's picture, in the lessons' frame; a post without one shows nothing (no wash, unlike a lesson). */
export function NewsPicture({
  post,
  className,
  sizes,
  eager,
}: {
  post: Pick<NewsPost, 'id' | 'title' | 'heroImageUrl'>;
  className: string;
  sizes: string;
  eager?: boolean;
}) {
  if (!post.heroImageUrl) return null;
  return <LessonImage article={{ slug: post.id, title: post.title, heroImageUrl: post.heroImageUrl }} className={className} sizes={sizes} eager={eager} />;
}
