/** Spec §2/§9 verse action menu geometry. */
export const MENU_WIDTH = 320;
export const MENU_OFFSET = 15;
export const EDGE_MARGIN = 10;
export const NARROW_BOTTOM_MARGIN = 120;
export const NARROW_BELOW = 640;

/**
 * Where the menu goes for a tap at (x, y): 15 px below the tap, flipped above when it would leave
 * the screen, kept 10 px from every edge — 120 px from the bottom on screens narrower than 640 px,
 * where a floating bar sits. Width 320 (less on a screen narrower than that plus the margins).
 */
export function menuPosition(
  tap: { x: number; y: number },
  menu: { height: number },
  viewport: { width: number; height: number },
): { left: number; top: number; width: number; placement: 'below' | 'above' } {
  const width = Math.min(MENU_WIDTH, viewport.width - 2 * EDGE_MARGIN);
  const bottomMargin = viewport.width < NARROW_BELOW ? NARROW_BOTTOM_MARGIN : EDGE_MARGIN;
  const left = clamp(tap.x - width / 2, EDGE_MARGIN, viewport.width - EDGE_MARGIN - width);
  let top = tap.y + MENU_OFFSET;
  let placement: 'below' | 'above' = 'below';
  if (top + menu.height > viewport.height - bottomMargin) {
    top = tap.y - MENU_OFFSET - menu.height;
    placement = 'above';
  }
  top = clamp(top, EDGE_MARGIN, viewport.height - bottomMargin - menu.height);
  return { left, top: Math.max(EDGE_MARGIN, top), width, placement };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
