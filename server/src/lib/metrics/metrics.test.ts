import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.ts';

async function value(metrics: Metrics, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = metrics.registry.getSingleMetric(name);
  const { values } = await metric!.get();
  return values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value;
}

describe('Metrics', () => {
  it('counts a generation in progress while it runs, then as made or failed', async () => {
    const metrics = new Metrics({ processMetrics: false });
    const picture = metrics.generation('picture');
    let finish!: () => void;
    const running = picture(() => new Promise<string>((resolve) => (finish = () => resolve('made'))));
    expect(await value(metrics, 'selah_generations_in_progress', { kind: 'picture' })).toBe(1);
    finish();
    expect(await running).toBe('made');
    await expect(picture(() => Promise.reject(new Error('the engine failed')))).rejects.toThrow('the engine failed');
    expect(await value(metrics, 'selah_generations_in_progress', { kind: 'picture' })).toBe(0);
    expect(await value(metrics, 'selah_generations_total', { kind: 'picture', outcome: 'made' })).toBe(1);
    expect(await value(metrics, 'selah_generations_total', { kind: 'picture', outcome: 'failed' })).toBe(1);
  });

  it('reads collected values only when scraped, and counts each app apart', async () => {
    const first = new Metrics({ processMetrics: false });
    const second = new Metrics({ processMetrics: false });
    let waiting = 2;
    first.gauge('selah_queue', 'a queue', ['state'], () => [[{ state: 'waiting' }, waiting]]);
    second.gauge('selah_queue', 'a queue', ['state'], () => [[{ state: 'waiting' }, 7]]);
    expect(await value(first, 'selah_queue', { state: 'waiting' })).toBe(2);
    waiting = 5;
    expect(await value(first, 'selah_queue', { state: 'waiting' })).toBe(5);
    expect(await value(second, 'selah_queue', { state: 'waiting' })).toBe(7);
    const pages = first.cache('pages');
    pages.hit();
    pages.hit();
    pages.miss();
    expect(await value(first, 'selah_cache_lookups_total', { cache: 'pages', result: 'hit' })).toBe(2);
    expect(await value(first, 'selah_cache_lookups_total', { cache: 'pages', result: 'miss' })).toBe(1);
    expect(await value(second, 'selah_cache_lookups_total', { cache: 'pages', result: 'hit' })).toBeUndefined();
  });
});
