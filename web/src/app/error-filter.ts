/**
 * Spec §8: unhandled rejections and errors about time-outs or reCAPTCHA are silenced; cross-origin,
 * storage-quota, failed-fetch and browser-extension errors are hidden from the user. Only errors that
 * reach React's boundary show the "Something went wrong" screen; these never do.
 */
const HIDDEN = [/timeout|timed out/i, /recaptcha/i, /^Script error\.?$/i, /quota/i, /Failed to fetch|NetworkError|Network error/i, /extension:\/\//i];

export function isHiddenError(message: string, source = ''): boolean {
  return HIDDEN.some((pattern) => pattern.test(message) || pattern.test(source));
}

export function installErrorFilter(): void {
  window.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    console.warn('Unhandled rejection (silenced):', event.reason);
  });
  window.addEventListener('error', (event) => {
    if (isHiddenError(event.message ?? '', event.filename ?? '')) event.preventDefault();
  });
}
