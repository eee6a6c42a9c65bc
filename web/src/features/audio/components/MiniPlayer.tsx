import { GripVertical } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { MINI_PLAYER_WIDTH } from '#common/audio/rules.ts';
import { keepInside } from '../player-state.ts';

/** How far an arrow key moves the player; with Shift, four times as far. */
const KEY_STEP = 16;
/** The room the page keeps free under its end while the player is open (styles.css pads the body by it). */
const RESERVED_SPACE = '--mini-player-space';
const RESERVE_GAP = 16;

/**
 * Spec §2/§5: the 320 px mini-player, draggable with mouse, touch (pointer events) or the keyboard
 * (arrow keys on its handle), always inside the viewport, also after the window changes size.
 * It starts at the bottom right, above the reader's floating bar.
 */
export function MiniPlayer({ title, onEscape, children }: { title: string; onEscape: () => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);
  const current = useRef(position);
  useEffect(() => {
    current.current = position;
  }, [position]);
  const drag = useRef<{ dx: number; dy: number } | null>(null);

  const place = useCallback((wanted: { x: number; y: number }) => {
    const el = box.current;
    if (!el) return;
    setPosition(keepInside(wanted, { width: el.offsetWidth, height: el.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }));
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    if (el) place({ x: window.innerWidth - el.offsetWidth - 16, y: window.innerHeight - el.offsetHeight - 96 });
  }, [place]);

  // Escape anywhere in the player closes it (spec §4); listened to on the element, which is no control itself.
  useEffect(() => {
    const el = box.current;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onEscape();
    };
    el?.addEventListener('keydown', onKey);
    return () => el?.removeEventListener('keydown', onKey);
  }, [onEscape]);

  // Resting in the lower half of the window, the player keeps that much room free under the page's end:
  // scrolled to the bottom, no text or control is left beneath it. Dragged up, it reserves nothing.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !position) return;
    const below = window.innerHeight - position.y;
    const space = position.y > window.innerHeight / 2 ? below + RESERVE_GAP : 0;
    document.documentElement.style.setProperty(RESERVED_SPACE, `${Math.round(space)}px`);
  }, [position]);
  useEffect(() => () => void document.documentElement.style.removeProperty(RESERVED_SPACE), []);

  useEffect(() => {
    const onResize = () => current.current && place(current.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [place]);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!position) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { dx: e.clientX - position.x, dy: e.clientY - position.y };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current) place({ x: e.clientX - drag.current.dx, y: e.clientY - drag.current.dy });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (!move || !position) return;
    e.preventDefault();
    place({ x: position.x + move[0], y: position.y + move[1] });
  };

  return (
    <div
      ref={box}
      role="region"
      aria-label={`Audio player: ${title}`}
      data-testid="mini-player"
      className="popover fixed z-40 flex items-center gap-1 p-2"
      style={{
        width: MINI_PLAYER_WIDTH,
        maxWidth: 'calc(100vw - 16px)',
        left: position?.x ?? 0,
        top: position?.y ?? 0,
        visibility: position ? 'visible' : 'hidden',
      }}
    >
      <button
        type="button"
        className="icon-button cursor-grab touch-none active:cursor-grabbing"
        aria-label="Move the player (arrow keys)"
        title="Drag to move"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onHandleKey}
      >
        <GripVertical aria-hidden size={18} />
      </button>
      {children}
    </div>
  );
}
