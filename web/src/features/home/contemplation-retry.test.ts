import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTEMPLATION_ATTEMPTS,
  CONTEMPLATION_RETRY_MS,
  contemplationReducer,
  createContemplationRetry,
  initialContemplation,
  type ContemplationPicture,
} from './contemplation-retry.ts';

const first: ContemplationPicture = { imageUrl: '/media/p-1.webp', thumbnailUrl: '/media/p-1-thumb.webp', description: 'A valley at dawn' };
const second: ContemplationPicture = { imageUrl: '/media/p-2.webp', thumbnailUrl: '/media/p-2-thumb.webp', description: 'A lake at dusk' };

describe('the contemplation picture’s retry rule (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for a remake 2 s after a failed load, not before, and shows the new picture', async () => {
    const remake = vi.fn(async () => second);
    const retry = createContemplationRetry(first, remake);
    retry.error();
    expect(retry.get().phase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS - 1);
    expect(remake).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(remake).toHaveBeenCalledTimes(1);
    expect(retry.get()).toMatchObject({ phase: 'showing', attempts: 1, picture: second });
  });

  it('gives up after 3 remakes and shows the placeholder', async () => {
    const remake = vi.fn(async () => second);
    const retry = createContemplationRetry(first, remake);
    for (let i = 1; i <= CONTEMPLATION_ATTEMPTS; i++) {
      retry.error();
      await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
      expect(retry.get()).toMatchObject({ phase: 'showing', attempts: i });
    }
    retry.error();
    expect(retry.get().phase).toBe('failed');
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS * 5);
    expect(remake).toHaveBeenCalledTimes(CONTEMPLATION_ATTEMPTS);
  });

  it('starts counting again after a successful load', async () => {
    const remake = vi.fn(async () => second);
    const retry = createContemplationRetry(first, remake);
    retry.error();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    retry.error();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    expect(retry.get().attempts).toBe(2);
    retry.load();
    expect(retry.get()).toMatchObject({ phase: 'showing', attempts: 0 });
    for (let i = 0; i < CONTEMPLATION_ATTEMPTS; i++) {
      retry.error();
      await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    }
    expect(retry.get().phase).toBe('showing');
    expect(remake).toHaveBeenCalledTimes(2 + CONTEMPLATION_ATTEMPTS);
  });

  it('asks the browser again with a new address when the remake comes back at the same one', async () => {
    const retry = createContemplationRetry(first, async () => first);
    retry.error();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    expect(retry.get().picture).toEqual({ ...first, imageUrl: '/media/p-1.webp?attempt=1', thumbnailUrl: '/media/p-1-thumb.webp?attempt=1' });
    retry.error();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    expect(retry.get().picture.imageUrl).toBe('/media/p-1.webp?attempt=2');
  });

  it('keeps an address’s own query when it adds the attempt', async () => {
    const signed = { ...first, imageUrl: 'https://bucket.example/p.webp?sig=abc', thumbnailUrl: 'https://bucket.example/t.webp?sig=abc' };
    const retry = createContemplationRetry(signed, async () => signed);
    retry.error();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    expect(retry.get().picture.imageUrl).toBe('https://bucket.example/p.webp?sig=abc&attempt=1');
  });

  it('counts a refused remake as an attempt and tries again 2 s later', async () => {
    const remake = vi.fn(async (): Promise<ContemplationPicture> => {
      throw new Error('429: too many');
    });
    const retry = createContemplationRetry(first, remake);
    retry.error();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    expect(retry.get()).toMatchObject({ phase: 'waiting', attempts: 1 });
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS * 2);
    expect(retry.get()).toMatchObject({ phase: 'failed', attempts: 3 });
    expect(remake).toHaveBeenCalledTimes(3);
  });

  it('ignores errors while a remake is due, and does nothing while paused', async () => {
    const remake = vi.fn(async () => second);
    const retry = createContemplationRetry(first, remake);
    retry.error();
    retry.error();
    retry.pause();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS * 3);
    expect(remake).not.toHaveBeenCalled();
    retry.resume();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    expect(remake).toHaveBeenCalledTimes(1);
    expect(retry.get().attempts).toBe(1);
  });

  it('tells its listeners when the picture changes', async () => {
    const retry = createContemplationRetry(first, async () => second);
    const listener = vi.fn();
    const stop = retry.subscribe(listener);
    retry.error();
    await vi.advanceTimersByTimeAsync(CONTEMPLATION_RETRY_MS);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    retry.load();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('contemplationReducer', () => {
  it('leaves a picture that loads as it is (no new state, no re-render)', () => {
    const state = initialContemplation(first);
    expect(contemplationReducer(state, { type: 'load' })).toBe(state);
  });

  it('ignores a remake that arrives when none is awaited', () => {
    const state = initialContemplation(first);
    expect(contemplationReducer(state, { type: 'remade', picture: second })).toBe(state);
    expect(contemplationReducer(state, { type: 'remakeFailed' })).toBe(state);
  });
});
