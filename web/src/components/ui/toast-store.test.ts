import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toast-store.ts';

describe('notifications (spec §4, §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps at most 5, newest first, and removes one 5000 ms after it is dismissed', () => {
    vi.useFakeTimers();
    const ids = Array.from({ length: 7 }, (_, i) => toast({ title: `t${i}` }));
    expect(TOAST_LIMIT).toBe(5);
    expect(getToasts().map((t) => t.title)).toEqual(['t6', 't5', 't4', 't3', 't2']);
    dismissToast(ids[6]!);
    expect(getToasts()[0]).toMatchObject({ title: 't6', open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(5);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((t) => t.title)).toEqual(['t5', 't4', 't3', 't2']);
  });
});
