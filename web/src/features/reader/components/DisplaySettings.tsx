import { LazyPopover } from '../../../components/ui/lazy-popover.tsx';
import { Type } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { TOOL_BUTTON, ToolLabel } from '../../../components/ui/ToolLabel.tsx';
import { FONT_SIZES } from '#common/study/rules.ts';
import { setFontSize, setLineSpacing, setRedLetters, useReaderSettings } from '../store/reader-settings.ts';
import { EditionChoice } from '../../translations/components/EditionChoice.tsx';
import { FONT_SIZE_LABELS, LINE_SPACING_LABELS, LINE_SPACINGS } from './reading-type.ts';

interface Props {
  /** The translation being read: where it has several editions, the choice of edition shows here. */
  translation: string;
  /** Whether the text being read marks the words of Jesus at all; if not, the setting says so. */
  textHasRedLetters?: boolean;
}

/** Text size, line spacing, red letters and the edition; each applies at once and is kept in the browser. */
export function DisplaySettings({ translation, textHasRedLetters = true }: Props) {
  const { fontSize, redLetters, lineSpacing } = useReaderSettings();
  return (
    <LazyPopover
      trigger={{
        className: TOOL_BUTTON,
        'aria-label': 'Display settings',
        children: (
          <>
            <Type aria-hidden size={20} />
            <ToolLabel>Display</ToolLabel>
          </>
        ),
      }}
      content={{ sideOffset: 6, align: 'end', collisionPadding: 10, className: 'popover w-72 p-3' }}
    >
      <Segmented legend="Text size" options={FONT_SIZES} labels={FONT_SIZE_LABELS} value={fontSize} onChange={setFontSize} />
      <Segmented legend="Line spacing" options={LINE_SPACINGS} labels={LINE_SPACING_LABELS} value={lineSpacing} onChange={setLineSpacing} />
      <label className="mt-3 flex min-h-11 items-center justify-between gap-3 text-sm">
        <span>Words of Jesus in red</span>
        <input type="checkbox" className="h-5 w-5 accent-orange-800" checked={redLetters} onChange={(e) => setRedLetters(e.target.checked)} />
      </label>
      {!textHasRedLetters && <NoRedLetters />}
      <EditionChoice current={translation} className="mt-3" />
    </LazyPopover>
  );
}

/** Said under the red-letter setting when the open text has no words of Jesus marked. */
export function NoRedLetters() {
  return (
    <p className="text-xs text-stone-600 dark:text-stone-400" data-testid="no-red-letters">
      This translation does not mark the words of Jesus, so they show in the usual colour.
    </p>
  );
}

function Segmented<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="mb-1.5 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-3 gap-1" role="radiogroup" aria-label={legend}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={value === option}
            onClick={() => onChange(option)}
            className={cn(
              'min-h-11 rounded-md border px-2 text-sm',
              value === option
                ? 'border-orange-800 bg-orange-100 font-semibold dark:border-orange-300 dark:bg-orange-950'
                : 'border-stone-300 dark:border-stone-700',
            )}
          >
            {labels[option]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
