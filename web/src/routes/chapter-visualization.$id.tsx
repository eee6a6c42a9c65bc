import { passageName } from '#common/scripture/passage-name.ts';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chapterVisualizationPath } from '#common/pictures/rules.ts';
import { headTags } from '../lib/page-head.ts';
import { chapterPictureQuery, countPictureView } from '../features/pictures/api/pictures.ts';
import { pageDataOr404, pictureHead } from '../lib/route-helpers/page-data.ts';
import { PublicPicturePage } from '../features/pictures/pages/PublicPicturePage.tsx';

/** Spec §2 /chapter-visualization/{id}: a chapter illustration, where its share link leads. */
export const Route = createFileRoute('/chapter-visualization/$id')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    const picture = await pageDataOr404(() => queryClient.ensureQueryData(chapterPictureQuery(params.id)));
    return {
      head: pictureHead({
        title: `${passageName(picture.bibleReference)}: an illustration`,
        description: picture.description,
        path: chapterVisualizationPath(picture.id),
        image: { url: picture.imageUrl, width: picture.width, height: picture.height, alt: picture.description },
      }),
    };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function ChapterVisualizationPage() {
    const { id } = Route.useParams();
    const picture = useQuery(chapterPictureQuery(id)).data!;
    const counted = useCallback(() => void countPictureView(id).catch(() => undefined), [id]);
    return (
      <PublicPicturePage
        kind="A chapter illustration"
        path={chapterVisualizationPath(picture.id)}
        picture={{ ...picture, reference: picture.bibleReference, alt: picture.description }}
        onShown={counted}
      />
    );
  },
});
