import { Link } from '@tanstack/react-router';
import { Section } from '../../../components/FormMessages.tsx';
import { setThemeChoice, useTheme, type ThemeChoice } from '../../../lib/theme.ts';
import { cn } from '../../../lib/cn.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { QuestionHistorySettings } from '../../chat/components/QuestionHistorySettings.tsx';
import { FONT_SIZES } from '#common/study/rules.ts';
import { setFontSize, setLineSpacing, setRedLetters, useReaderSettings } from '../../reader/store/reader-settings.ts';
import { FONT_SIZE_CLASSES, FONT_SIZE_LABELS, LINE_SPACING_CLASSES, LINE_SPACING_LABELS, LINE_SPACINGS } from '../../reader/components/reading-type.ts';
import { TranslationCatalogue } from '../../translations/components/TranslationCatalogue.tsx';
import { TranslationSelect } from '../../translations/components/TranslationSelect.tsx';
import { useCurrentTranslation, useTranslationSummary } from '../../translations/api/use-translation.ts';
import { NoRedLetters } from '../../reader/components/DisplaySettings.tsx';
import { EditionChoice } from '../../translations/components/EditionChoice.tsx';
import { RankingsVisibilitySetting } from '../../progress/components/RankingsVisibilitySetting.tsx';
import { OfflineDownloads } from '../../offline/components/OfflineDownloads.tsx';

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

// `segmented` (styles.css) draws the focus ring on the label, since the radio itself is visually hidden.
const choice = 'segmented flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm';
const chosen = 'border-orange-800 bg-orange-100 font-semibold text-orange-950 dark:border-orange-300 dark:bg-orange-950 dark:text-orange-50';
const unchosen = 'border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800';

/** A row of radio buttons that look like segmented buttons (native inputs: arrow keys and labels for free). */
function Choices<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {options.map((o) => (
          <label key={o.value} className={cn(choice, value === o.value ? chosen : unchosen)}>
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * /settings, for guests too: translation, text size, words of Jesus in red, theme. Each applies at
 * once through the same stores the reader uses; SettingsSync sends a signed-in person's translation
 * and text size to the account.
 */
export function SettingsPage() {
  const user = useCurrentUser();
  const { fontSize, redLetters, lineSpacing } = useReaderSettings();
  const translation = useCurrentTranslation();
  const current = useTranslationSummary(translation);
  const { choice: theme } = useTheme();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold">Settings</h1>
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          {user.data ? (
            <>Your translation and text size follow your account to every device; theme and red letters stay in this browser.</>
          ) : (
            <>
              These settings are kept in this browser.{' '}
              <Link to="/auth" search={{ mode: 'signin' }} className="underline underline-offset-2">
                Login
              </Link>{' '}
              to keep your translation and text size on your account.
            </>
          )}
        </p>
      </header>

      <Section title="Reading" id="reading-heading">
        <div className="flex flex-col gap-6">
          <TranslationSelect />
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Find a plan and translation for you:{' '}
            <Link to="/personalization-test" className="font-medium underline underline-offset-2">
              take the personalization test
            </Link>
          </p>
          <Choices
            name="font-size"
            legend="Text size"
            options={FONT_SIZES.map((s) => ({ value: s, label: FONT_SIZE_LABELS[s] }))}
            value={fontSize}
            onChange={setFontSize}
          />
          <Choices
            name="line-spacing"
            legend="Line spacing"
            options={LINE_SPACINGS.map((s) => ({ value: s, label: LINE_SPACING_LABELS[s] }))}
            value={lineSpacing}
            onChange={setLineSpacing}
          />
          <label className="flex min-h-11 items-center justify-between gap-3 text-sm font-medium">
            Words of Jesus in red
            <input
              type="checkbox"
              className="h-5 w-5 accent-orange-800 dark:accent-orange-300"
              checked={redLetters}
              onChange={(e) => setRedLetters(e.target.checked)}
            />
          </label>
          {current?.redLetters === false && <NoRedLetters />}
          <EditionChoice current={translation} />
          <figure className="rounded-xl bg-stone-100 p-4 dark:bg-stone-800/60">
            <figcaption className="mb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">Preview</figcaption>
            <p className={cn('font-serif', FONT_SIZE_CLASSES[fontSize], LINE_SPACING_CLASSES[lineSpacing])} data-testid="settings-preview">
              <sup className="mr-1 font-sans text-[0.6em] font-semibold text-orange-800 dark:text-orange-300">28</sup>
              <span className={cn(redLetters && 'text-red-700 dark:text-red-400')} data-testid="preview-jesus">
                Come unto me, all ye that labour and are heavy laden, and I will give you rest.
              </span>
            </p>
          </figure>
        </div>
      </Section>

      <Section title="Appearance" id="appearance-heading">
        <Choices name="theme" legend="Theme" options={THEMES} value={theme} onChange={setThemeChoice} />
        <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">System follows your device's light or dark setting.</p>
      </Section>

      {user.data && <QuestionHistorySettings />}

      {user.data && <RankingsVisibilitySetting />}

      <Section title="Translations" id="translations-heading">
        <TranslationCatalogue />
      </Section>

      <Section title="Offline reading" id="offline-heading">
        <OfflineDownloads />
      </Section>

      {user.data && (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Your name, picture and password are on{' '}
          <Link to="/profile" className="underline underline-offset-2">
            your profile
          </Link>
          .
        </p>
      )}
    </div>
  );
}
