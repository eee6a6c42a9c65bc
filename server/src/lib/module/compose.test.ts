import { describe, expect, it } from 'vitest';
import { composeModules, type ModuleBase } from './compose.ts';
import { SITE_WIDE_EVENTS, type EventRelay, type SiteWideEvent, type SelahModule, type Services } from './module.ts';

// The shared parts are not looked at by the composer; the modules here use only the registry.
const base = {} as ModuleBase;
// Names no real module provides, so the registry's checks are tested on their own.
const name = (n: string) => n as keyof Services;
const module = (moduleName: string, setup: SelahModule['setup']): SelahModule => ({ name: moduleName, setup });

describe('composeModules', () => {
  it('gives each module what the ones before it provided, and closes the last one first', async () => {
    const steps: string[] = [];
    const composed = await composeModules(
      [
        module('store', ({ provide, onClose }) => {
          provide(name('greeting'), 'peace' as never);
          onClose(() => void steps.push('close store'));
        }),
        module('reader', async ({ use, provide, onClose }) => {
          provide(name('reading'), `${use(name('greeting'))} be with you` as never);
          onClose(async () => void steps.push('close reader'));
        }),
      ],
      base,
    );
    expect(composed.use(name('reading'))).toBe('peace be with you');
    await composed.close();
    expect(steps).toEqual(['close reader', 'close store']);
  });

  it('stops the start when a module uses what no module before it provides, naming both', async () => {
    const start = composeModules(
      [module('reader', ({ use }) => void use(name('greeting'))), module('store', ({ provide }) => provide(name('greeting'), 'peace' as never))],
      base,
    );
    await expect(start).rejects.toThrow('Module "reader" uses "greeting", which no module before it provides: list the one that does first.');
  });

  it('stops the start when two modules provide one name, or one module is listed twice', async () => {
    const store = module('store', ({ provide }) => provide(name('greeting'), 'peace' as never));
    const other = module('other', ({ provide }) => provide(name('greeting'), 'grace' as never));
    await expect(composeModules([store, other], base)).rejects.toThrow('Module "other" provides "greeting", which module "store" already provides.');
    await expect(composeModules([store, store], base)).rejects.toThrow('Module "store" is listed twice.');
  });

  it('lets a module read later what a module after it provides, and refuses to start when none does', async () => {
    let read: (() => unknown) | undefined;
    await composeModules(
      [module('auth', ({ later }) => void (read = later(name('accounts')))), module('profile', ({ provide }) => provide(name('accounts'), 'rows' as never))],
      base,
    );
    expect(read?.()).toBe('rows');
    await expect(composeModules([module('auth', ({ later }) => void later(name('accounts')))], base)).rejects.toThrow(
      'Module "auth" needs "accounts", which no module provides.',
    );
  });

  it('calls every handler of an event in the order they were added, each before emit returns, and waits for the slow ones', async () => {
    const calls: string[] = [];
    let finish: () => void = () => {};
    const composed = await composeModules(
      [
        module('pictures', ({ on }) =>
          on('before-delete-user', (userId) => {
            calls.push(`pictures ${userId}`);
            return new Promise<void>((resolve) => (finish = resolve));
          }),
        ),
        module('web', ({ on }) => on('before-delete-user', (userId) => void calls.push(`web ${userId}`))),
      ],
      base,
    );
    let settled = false;
    const emitted = composed.emit('before-delete-user', 'u1').then(() => (settled = true));
    expect(calls).toEqual(['pictures u1', 'web u1']);
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await emitted;
    expect(settled).toBe(true);
  });

  it('publishes a site-wide event it emits, and runs one another process published without publishing it again', async () => {
    const published: string[] = [];
    const heard: string[] = [];
    let deliver: (event: SiteWideEvent) => void = () => {};
    const relay: EventRelay = {
      carries: (event): event is SiteWideEvent => (SITE_WIDE_EVENTS as readonly string[]).includes(event),
      publish: (event) => void published.push(event),
      subscribe: (handler) => void (deliver = handler),
    };
    const composed = await composeModules(
      [
        module('web', ({ on }) => {
          on('pages-changed', () => void heard.push('pages-changed'));
          on('before-delete-user', (userId) => void heard.push(`delete ${userId}`));
        }),
      ],
      base,
      relay,
    );
    await composed.emit('pages-changed');
    await composed.emit('before-delete-user', 'u1');
    expect([published, heard]).toEqual([['pages-changed'], ['pages-changed', 'delete u1']]);
    deliver('pages-changed');
    expect([published, heard]).toEqual([['pages-changed'], ['pages-changed', 'delete u1', 'pages-changed']]);
  });
});
