import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setServerTransport } from '../../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { setActivityViewer } from '../../activity/api/activity.ts';
import { askAi, askAiStream } from './chat.ts';
import { stubLocalStorage } from '../../../lib/testing/local-storage-stub.ts';

const REPLY = { response: 'God so loved the world (John 3:16).', references: [], translation: 'KJV' };
const store = new Map<string, string>();

beforeEach(() => {
  stubLocalStorage(store);
  setServerTransport(async (path) =>
    path.endsWith('/stream')
      ? new Response(`event: done\ndata: ${JSON.stringify(REPLY)}\n\n`, { headers: { 'Content-Type': 'text/event-stream' } })
      : Response.json(REPLY),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Waits for the progress queries' refresh and answers what the guest store held when it came. */
const progressRefreshed = (queryClient: QueryClient) => {
  const held: (string | undefined)[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async () => void held.push(store.get(STORAGE_KEYS.guestProgress)));
  return async () => {
    await vi.waitFor(() => expect(queryClient.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['progress'] }));
    return held[0];
  };
};

// Spec §7: an answered question counts toward the day, so the streak and My Stats are read again.
describe('an answered question refreshes the progress figures', () => {
  it('for an account (the server counted it)', async () => {
    setActivityViewer('user');
    const queryClient = new QueryClient();
    const refreshed = progressRefreshed(queryClient);
    await askAi(queryClient, { question: 'What is love?' });
    expect(await refreshed()).toBeUndefined();
  });

  it('for a guest, once this browser has counted it', async () => {
    setActivityViewer('guest');
    const queryClient = new QueryClient();
    const refreshed = progressRefreshed(queryClient);
    await askAiStream(queryClient, { question: 'What is faith?' }, () => undefined, new AbortController().signal);
    expect(await refreshed()).toContain('"questionsAsked":1');
  });
});

// A model on the server answers one question at a time: the stream says where this one is in line.
describe('a streamed question', () => {
  it('hears its place in line as it moves up, then the drafts, then the reply', async () => {
    setActivityViewer('user');
    const frames = [
      ['queued', { place: 2 }],
      ['queued', { place: 1 }],
      ['draft', { text: 'God so' }],
      ['done', REPLY],
    ];
    setServerTransport(
      async () =>
        new Response(frames.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), {
          headers: { 'Content-Type': 'text/event-stream' },
        }),
    );
    const heard: string[] = [];
    const reply = await askAiStream(
      new QueryClient(),
      { question: 'What is love?' },
      (draft) => heard.push(`draft ${draft}`),
      new AbortController().signal,
      (place) => heard.push(`place ${place}`),
    );
    expect(heard).toEqual(['place 2', 'place 1', 'draft God so']);
    expect(reply.response).toBe(REPLY.response);
  });
});
