import { passageName } from '#common/scripture/passage-name.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import {
  FONT_STYLE_LABELS,
  FONT_STYLES,
  MAX_GRAPHICS_PER_DIALOG,
  PICTURE_MESSAGES,
  SHARE_PRESETS,
  sharedVersePath,
  shareText,
  shareTitle,
  type FontStyle,
  type SharePreset,
} from '#common/pictures/rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { PicturesDialog, type VerseDialogProps } from './PicturesDialog.tsx';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { generateGraphic, shareVerse } from '../api/pictures.ts';
import { absoluteUrl, useSiteOrigin } from '../share-links.ts';
import { ShareMenu } from './ShareMenu.tsx';

/** How the preview sets each style in the page's own fonts (the graphic itself uses the server's). */
const PREVIEW_FONT: Record<FontStyle, string> = {
  classic: 'font-serif',
  modern: 'font-sans',
  elegant: 'font-serif italic',
  bold: 'font-sans font-extrabold',
};

type Graphic = { id: string; imageUrl: string };

/**
 * Spec §2/§4 share-verse dialog: a colour preset and font style with a live preview, up to 2 graphics
 * made ('Limit Reached' after), then a link to /shared/{code} to copy or share by mail or to a network.
 */
export default function ShareVerseDialog({ reference, verseText, translation, onClose }: VerseDialogProps) {
  const origin = useSiteOrigin();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [preset, setPreset] = useState<SharePreset>(SHARE_PRESETS[0]);
  const [fontStyle, setFontStyle] = useState<FontStyle>('classic');
  const [graphics, setGraphics] = useState<Graphic[]>([]);
  const [chosen, setChosen] = useState<Graphic | null>(null);
  const [busy, setBusy] = useState<'graphic' | 'link' | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const title = shareTitle(reference && passageName(reference), translation);
  const style = { fontStyle, backgroundColor: preset.background, textColor: preset.text };
  const limitReached = graphics.length >= MAX_GRAPHICS_PER_DIALOG;

  const makeGraphic = async () => {
    setBusy('graphic');
    try {
      const made = await generateGraphic({ verseText, reference, translation, ...style });
      setGraphics((g) => [...g, made]);
      setChosen(made);
      toast({ title: PICTURE_MESSAGES.graphicCreated, duration: 2000 });
    } catch (error) {
      toastError((error instanceof ApiError && error.serverMessage) || PICTURE_MESSAGES.graphicFailed, PICTURE_MESSAGES.graphicFailedTitle);
    } finally {
      setBusy(null);
    }
  };

  const makeLink = async () => {
    setBusy('link');
    try {
      const shareCode = await shareVerse(queryClient, { verseText, reference, translation, ...style, customGraphicUrl: chosen?.imageUrl ?? null });
      setLink(absoluteUrl(sharedVersePath(shareCode), origin));
      toast({ title: PICTURE_MESSAGES.shared, description: user.data ? 'It is in My Shared Verses.' : 'This browser keeps it in My Shared Verses.' });
    } catch (error) {
      toastError((error instanceof ApiError && error.serverMessage) || PICTURE_MESSAGES.shareFailed, PICTURE_MESSAGES.shareFailedTitle);
    } finally {
      setBusy(null);
    }
  };

  return (
    <PicturesDialog
      title={`Share ${title}`}
      description="Choose colours and a font, make a graphic, and share a link to the verse."
      closeLabel="Close sharing"
      onClose={onClose}
      bodyClassName="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,15rem)_1fr]">
        {chosen ? (
          <img src={chosen.imageUrl} alt={`${title} graphic`} width={1080} height={1080} className="aspect-square w-full rounded-xl shadow" />
        ) : (
          <figure
            className="flex aspect-square w-full flex-col justify-center gap-3 overflow-hidden rounded-xl p-5 shadow"
            style={{ backgroundColor: preset.background, color: preset.text }}
            aria-label="Preview"
            data-testid="share-preview"
          >
            <blockquote className={cn('text-sm leading-6', PREVIEW_FONT[fontStyle])}>“{shareText(verseText, 240)}”</blockquote>
            <figcaption className={cn('text-xs opacity-90', PREVIEW_FONT[fontStyle])}>{title}</figcaption>
          </figure>
        )}
        <div className="space-y-3">
          <fieldset>
            <legend className="mb-1.5 text-sm font-semibold">Colours</legend>
            <div className="grid grid-cols-2 gap-1.5">
              {SHARE_PRESETS.map((p) => (
                <button
                  key={p.name}
                  type="button"
                  aria-pressed={p === preset}
                  onClick={() => (setPreset(p), setChosen(null))}
                  className={cn(
                    'flex min-h-11 items-center gap-2 rounded-lg border px-2 text-left text-sm',
                    p === preset
                      ? 'border-orange-800 ring-2 ring-orange-800 dark:border-orange-300 dark:ring-orange-300'
                      : 'border-stone-300 dark:border-stone-700',
                  )}
                >
                  <span aria-hidden className="h-6 w-6 shrink-0 rounded-full border border-stone-400" style={{ backgroundColor: p.background }} />
                  {p.name}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-1.5 text-sm font-semibold">Font</legend>
            <div className="grid grid-cols-4 gap-1.5">
              {FONT_STYLES.map((f) => (
                <button
                  key={f}
                  type="button"
                  aria-pressed={f === fontStyle}
                  onClick={() => (setFontStyle(f), setChosen(null))}
                  className={cn(
                    'min-h-11 rounded-lg border px-1 text-sm',
                    PREVIEW_FONT[f],
                    f === fontStyle
                      ? 'border-orange-800 ring-2 ring-orange-800 dark:border-orange-300 dark:ring-orange-300'
                      : 'border-stone-300 dark:border-stone-700',
                  )}
                >
                  {FONT_STYLE_LABELS[f]}
                </button>
              ))}
            </div>
          </fieldset>
        </div>
      </div>

      {graphics.length > 0 && (
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold">Your graphics</legend>
          <div className="flex gap-2">
            {graphics.map((g, i) => (
              <button key={g.id} type="button" aria-pressed={chosen?.id === g.id} onClick={() => setChosen(g)} className="relative rounded-lg">
                <img
                  src={g.imageUrl}
                  alt={`Graphic ${i + 1}`}
                  width={80}
                  height={80}
                  className={cn('h-20 w-20 rounded-lg', chosen?.id === g.id && 'ring-2 ring-orange-800 dark:ring-orange-300')}
                />
                {chosen?.id === g.id && <Check aria-hidden size={18} className="absolute right-1 top-1 rounded-full bg-white text-orange-800" />}
              </button>
            ))}
          </div>
        </fieldset>
      )}

      <div className="flex flex-wrap gap-2">
        <button type="button" className="button-secondary" disabled={limitReached || busy !== null} onClick={() => void makeGraphic()}>
          {busy === 'graphic' ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <Sparkles aria-hidden size={18} />}
          {limitReached ? PICTURE_MESSAGES.limitReached : busy === 'graphic' ? 'Generating…' : 'Generate Graphic'}
        </button>
        {!link && (
          <button type="button" className="button-primary" disabled={busy !== null} onClick={() => void makeLink()}>
            {busy === 'link' && <Loader2 aria-hidden size={18} className="animate-spin" />}
            Create Link
          </button>
        )}
      </div>

      {link && (
        <div className="space-y-2 rounded-xl border border-stone-200 p-3 dark:border-stone-800">
          <label className="block text-sm font-semibold" htmlFor="share-link">
            Link to share
          </label>
          <input id="share-link" className="input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <ShareMenu
            link={link}
            text={`${verseText} — ${title} (${translation})`}
            imageUrl={chosen ? absoluteUrl(chosen.imageUrl, origin) : undefined}
            targets={['email', 'facebook', 'x', 'pinterest', 'reddit']}
            copied={{ title: PICTURE_MESSAGES.shareLinkCopied }}
            copyFailed={{ title: PICTURE_MESSAGES.shareLinkCopyFailed, description: link }}
          />
          <Link to="/my-shared-verses" className="inline-block py-2 text-sm underline underline-offset-2">
            All my shared verses
          </Link>
        </div>
      )}
    </PicturesDialog>
  );
}
