import { createFileRoute, notFound } from '@tanstack/react-router';
import { isDay } from '#common/progress/days.ts';
import { headTags } from '../lib/page-head.ts';
import { prayerPageHead } from '../lib/route-helpers/prayer-days.ts';
import { prayerDayQuery, prayerPictureQuery } from '../features/daily/api/prayers.ts';
import { pageDataOr404 } from '../lib/route-helpers/page-data.ts';
import { PreviousPrayersPage } from '../features/daily/pages/PreviousPrayersPage.tsx';

/** Spec §2 /previous-prayers/{date?}: the prayer archive, a day at a time (today's without a date). Public: rendered on the server. */
export const Route = createFileRoute('/previous-prayers/{-$date}')({
  // A page few visits start on: its loader comes with its component, not in every page's first script.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    // A day that is not on the calendar is no page; the API would refuse it (400) anyway.
    if (params.date !== undefined && !isDay(params.date)) throw notFound();
    const day = await pageDataOr404(() => queryClient.ensureQueryData(prayerDayQuery(params.date)));
    // The picture is the link preview's and the page's; without it the page still stands.
    const picture = day.prayer ? await queryClient.ensureQueryData(prayerPictureQuery(day.prayer.id)).catch(() => null) : null;
    return { head: prayerPageHead(day, picture, params.date) };
  },
  head: ({ loaderData, match }) => (loaderData ? headTags(loaderData.head, match.context.origin) : {}),
  component: function PreviousPrayers() {
    const { date } = Route.useParams();
    return <PreviousPrayersPage date={date} />;
  },
});
