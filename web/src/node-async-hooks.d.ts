/**
 * The one Node API the web app uses: entry-server.tsx (the server build only) keeps each render's
 * transport in an AsyncLocalStorage. Declared here so the browser code's types stay free of Node's.
 */
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}
