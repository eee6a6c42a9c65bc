import { useRouter } from '@tanstack/react-router';
import { LONG_SHARE_TEXT, SHARE_WINDOW, SHORT_SHARE_TEXT, shareText } from '#common/pictures/rules.ts';

export type ShareTarget = 'facebook' | 'x' | 'pinterest' | 'reddit' | 'email';

export const SHARE_TARGET_LABELS: Record<ShareTarget, string> = { facebook: 'Facebook', x: 'X', pinterest: 'Pinterest', reddit: 'Reddit', email: 'Email' };

/**
 * Where each network takes a shared link (spec §2/§5): X gets text cut to 100 characters, Pinterest
 * to 200 and the picture's address. `imageUrl` must be absolute for Pinterest to fetch it.
 */
export function shareUrl(target: ShareTarget, link: string, text: string, imageUrl?: string): string {
  const q = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  switch (target) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: link })}`;
    case 'x':
      return `https://twitter.com/intent/tweet?${q({ text: shareText(text, SHORT_SHARE_TEXT), url: link })}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?${q({ url: link, media: imageUrl, description: shareText(text, LONG_SHARE_TEXT) })}`;
    case 'reddit':
      return `https://www.reddit.com/submit?${q({ url: link, title: shareText(text, SHORT_SHARE_TEXT) })}`;
    case 'email':
      return `mailto:?${q({ subject: shareText(text, SHORT_SHARE_TEXT), body: `${shareText(text, LONG_SHARE_TEXT)}\n\n${link}` }).replace(/\+/g, '%20')}`;
  }
}

/** Spec §9: a network's share page in a 600 × 400 window; mail opens the mail app. */
export function openShare(target: ShareTarget, link: string, text: string, imageUrl?: string): void {
  const url = shareUrl(target, link, text, imageUrl);
  if (target === 'email') {
    window.location.href = url;
    return;
  }
  const { width, height } = SHARE_WINDOW;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  window.open(url, 'selah-share', `width=${width},height=${height},left=${left},top=${top},noopener`);
}

/** The site's address (PUBLIC_URL when set), for links people share. */
export function useSiteOrigin(): string {
  return (useRouter().options.context as { origin: string }).origin;
}

/** An address made absolute on the site (a picture served by the app), left as it is when already absolute. */
export const absoluteUrl = (url: string, origin: string) => new URL(url, origin).toString();
