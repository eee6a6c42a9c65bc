import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageReporter } from './usage-reporter.ts';

let received: URLSearchParams[] = [];
const server = createServer((req, res) => {
  received.push(new URL(req.url ?? '/', 'http://x').searchParams);
  res.end();
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/f3`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('usage reports (FUMS v3) over real HTTP', () => {
  it('sends each showing with its token and the same anonymous device and session ids', async () => {
    received = [];
    const reporter = new UsageReporter(url, () => {});
    for (const t of ['a', 'b', 'a']) reporter.report(t);
    await expect.poll(() => received.length).toBe(3);
    expect(received.map((p) => p.get('t')).sort()).toEqual(['a', 'a', 'b']);
    expect(new Set(received.map((p) => `${p.get('dId')}|${p.get('sId')}`)).size).toBe(1);
    expect(received[0]!.get('uId')).toBeNull();
  });

  it('sends at most 200 a second and counts, not keeps, what floods past 10,000 waiting', async () => {
    received = [];
    const reporter = new UsageReporter(url, () => {});
    for (let i = 0; i < 10_050; i++) reporter.report(`t${i}`);
    expect(reporter.dropped).toBe(50 - 4); // four were already on their way
    await new Promise((r) => setTimeout(r, 1_200));
    expect(received.length).toBeGreaterThanOrEqual(200);
    expect(received.length).toBeLessThanOrEqual(400);
  });

  it('tells of a failure without throwing', async () => {
    const failures: unknown[] = [];
    const reporter = new UsageReporter('http://127.0.0.1:9/f3', (e) => failures.push(e));
    reporter.report('x');
    await expect.poll(() => failures.length).toBe(1);
  });
});
