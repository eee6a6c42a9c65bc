import { passageName } from '#common/scripture/passage-name.ts';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { shareImagePath, shareText } from '#common/pictures/rules.ts';
import { headTags } from '../lib/page-head.ts';
import { shareGraphicQuery } from '../features/pictures/api/pictures.ts';
import { pageDataOr404, pictureHead } from '../lib/route-helpers/page-data.ts';
import { PublicPicturePage } from '../features/pictures/pages/PublicPicturePage.tsx';

/** Spec §2 /share/image/{id}: a share graphic made in the share dialog. */
export const Route = createFileRoute('/share/image/$id')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    const graphic = await pageDataOr404(() => queryClient.ensureQueryData(shareGraphicQuery(params.id)));
    return {
      head: pictureHead({
        title: `${passageName(graphic.reference)} (${graphic.translation})`,
        description: shareText(graphic.verseText, 200),
        path: shareImagePath(graphic.id),
        image: {
          url: graphic.imageUrl,
          width: graphic.width,
          height: graphic.height,
          alt: `${passageName(graphic.reference)}: ${shareText(graphic.verseText, 200)}`,
        },
      }),
    };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function ShareImage() {
    const { id } = Route.useParams();
    const graphic = useQuery(shareGraphicQuery(id)).data!;
    return (
      <PublicPicturePage
        kind="A verse graphic"
        path={shareImagePath(graphic.id)}
        picture={{ ...graphic, alt: `${passageName(graphic.reference)}: ${graphic.verseText}` }}
      />
    );
  },
});
