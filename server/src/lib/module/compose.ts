import type { EventHandler, EventRelay, Events, ModuleContext, SelahModule, Services } from './module.ts';

export type ModuleBase = Omit<ModuleContext, 'provide' | 'use' | 'later' | 'on' | 'emit' | 'onClose'>;

export interface Composed {
  use: ModuleContext['use'];
  emit: ModuleContext['emit'];
  /** Runs the modules' close steps, last registered first. */
  close(): Promise<void>;
}

/**
 * Sets the modules up one after another, in the order listed. What one needs from another is looked
 * up by name, so a module listed before what it uses, or a name nobody provides, stops the start with
 * a sentence naming both. With a `relay`, site-wide events reach every process's handlers.
 */
export async function composeModules(modules: readonly SelahModule[], base: ModuleBase, relay?: EventRelay): Promise<Composed> {
  const services = new Map<keyof Services, { by: string; value: unknown }>();
  const handlers = new Map<keyof Events, EventHandler<keyof Events>[]>();
  const closes: (() => void | Promise<void>)[] = [];
  const awaited: { name: keyof Services; by: string }[] = [];
  const names = new Set<string>();

  const use = <K extends keyof Services>(name: K, by = 'the app'): Services[K] => {
    const entry = services.get(name);
    if (!entry) throw new Error(`Module "${by}" uses "${String(name)}", which no module before it provides: list the one that does first.`);
    return entry.value as Services[K];
  };
  const runHere = async <E extends keyof Events>(event: E, ...args: Events[E]): Promise<void> => {
    // Each handler is called before any is awaited, so a synchronous one has run when emit returns.
    const pending = (handlers.get(event) ?? []).map((handler) => (handler as EventHandler<E>)(...args));
    await Promise.all(pending);
  };
  const emit = async <E extends keyof Events>(event: E, ...args: Events[E]): Promise<void> => {
    if (relay?.carries(event)) relay.publish(event);
    await runHere(event, ...args);
  };
  // Another process's event runs only here: publishing it again would echo it round the site.
  relay?.subscribe((event) =>
    runHere(event).catch((error: Error) => base.log.warn({ err: error }, `a handler of "${event}" from another process failed: ${error.message}`)),
  );

  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Module "${module.name}" is listed twice.`);
    names.add(module.name);
    await module.setup({
      ...base,
      provide: (name, value) => {
        const earlier = services.get(name);
        if (earlier) throw new Error(`Module "${module.name}" provides "${String(name)}", which module "${earlier.by}" already provides.`);
        services.set(name, { by: module.name, value });
      },
      use: (name) => use(name, module.name),
      later: (name) => {
        awaited.push({ name, by: module.name });
        return () => use(name, module.name);
      },
      on: (event, handler) => {
        const list = handlers.get(event) ?? [];
        list.push(handler as EventHandler<keyof Events>);
        handlers.set(event, list);
      },
      emit,
      onClose: (close) => void closes.push(close),
    });
  }
  const missing = awaited.find(({ name }) => !services.has(name));
  if (missing) throw new Error(`Module "${missing.by}" needs "${String(missing.name)}", which no module provides.`);

  return {
    use,
    emit,
    async close() {
      for (const close of [...closes].reverse()) await close();
    },
  };
}
