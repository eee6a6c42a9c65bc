import { passageName } from '#common/scripture/passage-name.ts';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { shareText, verseVisualizationPath } from '#common/pictures/rules.ts';
import { headTags } from '../lib/page-head.ts';
import { countVerseView, verseVisualizationQuery } from '../features/pictures/api/pictures.ts';
import { pageDataOr404, pictureHead } from '../lib/route-helpers/page-data.ts';
import { PublicPicturePage } from '../features/pictures/pages/PublicPicturePage.tsx';

/** Spec §2 /verse-visualization/{id} (public): a picture from the community gallery. */
export const Route = createFileRoute('/verse-visualization/$id')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    const picture = await pageDataOr404(() => queryClient.ensureQueryData(verseVisualizationQuery(params.id)));
    return {
      head: pictureHead({
        title: `${passageName(picture.reference)} (${picture.translation})`,
        description: shareText(picture.verseText, 200),
        path: verseVisualizationPath(picture.id),
        image: { url: picture.imageUrl, width: picture.width, height: picture.height, alt: picture.description },
      }),
    };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function VerseVisualizationPage() {
    const { id } = Route.useParams();
    const picture = useQuery(verseVisualizationQuery(id)).data!;
    const counted = useCallback(() => void countVerseView(id).catch(() => undefined), [id]);
    return (
      <PublicPicturePage
        kind="A verse visualization"
        path={verseVisualizationPath(picture.id)}
        picture={{ ...picture, alt: picture.description }}
        onShown={counted}
      />
    );
  },
});
