import { createServer, request as httpRequest } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { join, extname } from 'node:path';
const API = 'http://127.0.0.1:3111';
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? API + input : input, init);
const { render } = await import('./dist/server/entry-server.js');
const vm = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8'));
const entry = vm['index.html'];
const manifest = { routes: { __root__: { scripts: [{ attrs: { type: 'module', src: '/' + entry.file } }], css: (entry.css ?? []).map((f) => '/' + f), preloads: [] } } };
const types = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
createServer(async (req, res) => {
  if (req.url.startsWith('/api/')) {
    const p = httpRequest(API + req.url, { method: req.method, headers: { ...req.headers, host: '127.0.0.1:3111' } }, (r) => { res.writeHead(r.statusCode, r.headers); r.pipe(res); });
    req.pipe(p);
    return;
  }
  const file = join('dist/web', req.url.split('?')[0]);
  if (req.url.startsWith('/assets/') && existsSync(file)) {
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    return res.end(readFileSync(file));
  }
  const t0 = performance.now();
  const response = await render(new Request('http://127.0.0.1:3222' + req.url, { headers: { 'user-agent': req.headers['user-agent'] ?? '' } }), manifest);
  const html = await response.text();
  res.writeHead(response.status, { 'content-type': 'text/html; charset=utf-8', 'x-render-ms': (performance.now() - t0).toFixed(1) });
  res.end(html);
}).listen(3222, '127.0.0.1', () => console.log('spike on 3222'));
