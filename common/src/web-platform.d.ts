/**
 * What common/ may use beyond ECMAScript: globals that the browser and Node both provide. common/ is
 * checked with neither the DOM's types nor Node's (it runs in both), so each one it needs is declared
 * here, as narrowly as it is used; the web and server checks see the full declarations.
 */
declare class URLSearchParams {
  constructor(init?: Record<string, string>);
  toString(): string;
}
