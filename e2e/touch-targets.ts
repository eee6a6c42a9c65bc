import type { Page } from 'playwright-core';

/**
 * The controls inside `scope` smaller than 44 × 44 px, described for a failure message. Verse text,
 * footnote marks and links within a line of text are targets inside a sentence, which WCAG leaves as
 * they are; a checkbox or radio inside its label is measured as the label.
 */
export function smallTargets(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scope) => {
    const selector =
      'a[href], button, input, select, textarea, summary, [role=button], [role=radio], [role=tab], [role=option], [role=checkbox], [tabindex]:not([tabindex="-1"])';
    return (
      [...document.querySelector(scope)!.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => !el.closest('[data-verse]') && !el.matches('[data-footnote]'))
        // A link inside a line of text is sized by the text (WCAG 2.5.8's inline exception).
        .filter((el) => !(el.matches('a') && getComputedStyle(el).display === 'inline'))
        .map((el) => (el.matches('input') && el.closest('label') ? el.closest('label')! : el))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ el, box }) => box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden')
        .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
        .map(
          ({ el, box }) => `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
    );
  }, scope);
}
