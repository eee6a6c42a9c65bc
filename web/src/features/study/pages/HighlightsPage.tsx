import { Highlighter } from 'lucide-react';
import { HIGHLIGHT_EXPORT_FORMATS } from '#common/study/export.ts';
import { HIGHLIGHT_COLOR_LABELS } from '#common/study/labels.ts';
import { HIGHLIGHT_COLORS } from '#common/study/rules.ts';
import { useViewer } from '../../auth/api/viewer.ts';
import type { HighlightsListParams } from '../api/lists.ts';
import { useHighlightsList } from '../api/use-study-list.ts';
import { HighlightCard } from '../components/HighlightCard.tsx';
import { StudyListPage } from './StudyListPage.tsx';

const COLOR_OPTIONS = HIGHLIGHT_COLORS.map((c) => ({ value: c, label: HIGHLIGHT_COLOR_LABELS[c] }));

/** /highlights: every highlighted verse of the person (account or browser), newest first. */
export function HighlightsPage(params: HighlightsListParams) {
  const viewer = useViewer();
  const list = useHighlightsList(params, viewer);
  return (
    <StudyListPage
      route="/highlights"
      noun="highlight"
      params={params}
      viewer={viewer}
      list={list}
      formats={HIGHLIGHT_EXPORT_FORMATS}
      searchPlaceholder="Words or a reference"
      filter={{ param: 'color', label: 'Colour', all: 'All colours', options: COLOR_OPTIONS }}
      firstItem={{
        icon: <Highlighter aria-hidden size={22} />,
        text: 'Open the reader, tap a verse and choose a colour — yellow, green, blue or pink — to highlight it. Every verse you highlight gathers here.',
      }}
      item={(h) => <HighlightCard key={h.id} highlight={h} onColor={(c) => void list.recolor(h, c)} onDelete={() => void list.remove(h)} />}
    />
  );
}
