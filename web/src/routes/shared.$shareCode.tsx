import { passageName } from '#common/scripture/passage-name.ts';
import { createFileRoute } from '@tanstack/react-router';
import { sharedVersePath, shareText } from '#common/pictures/rules.ts';
import { headTags } from '../lib/page-head.ts';
import { sharedVerseQuery } from '../features/pictures/api/pictures.ts';
import { pageDataOr404, pictureHead } from '../lib/route-helpers/page-data.ts';
import { PublicPicturePage } from '../features/pictures/pages/PublicPicturePage.tsx';
import { useQuery } from '@tanstack/react-query';

/** Spec §2 /shared/{shareCode}: a shared verse, readable by anyone with the link. */
export const Route = createFileRoute('/shared/$shareCode')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    const shared = await pageDataOr404(() => queryClient.ensureQueryData(sharedVerseQuery(params.shareCode)));
    const title = `${passageName(shared.reference)} (${shared.translation})`;
    return {
      head: pictureHead({
        title,
        description: shareText(shared.verseText, 200),
        path: sharedVersePath(shared.shareCode),
        image: {
          url: shared.imageUrl,
          width: shared.width,
          height: shared.height,
          alt: `${passageName(shared.reference)}: ${shareText(shared.verseText, 200)}`,
        },
        noindex: !shared.isPublic,
      }),
    };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function SharedVerse() {
    const { shareCode } = Route.useParams();
    const shared = useQuery(sharedVerseQuery(shareCode)).data!;
    return (
      <PublicPicturePage
        kind="A shared verse"
        path={sharedVersePath(shared.shareCode)}
        picture={{ ...shared, alt: `${passageName(shared.reference)}: ${shared.verseText}` }}
      />
    );
  },
});
