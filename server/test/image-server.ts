import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface ImageRequest {
  authorization?: string;
  body: { model: string; prompt: string; n?: number; size?: string; response_format?: string };
}

/** How the stand-in answers: a picture in the JSON, an address on itself or on another host, an error, or bytes that are no picture. */
export type ImageServerMode = 'b64' | 'own-url' | 'foreign-url' | 'failing' | 'not-a-picture';

/**
 * A local stand-in for an OpenAI-compatible image service: POST /v1/images/generations over real HTTP,
 * answering `{ created, data: [{ b64_json }] }` as OpenAI does (or `{ url }` as LocalAI does), with a
 * 1024 × 1024 PNG: a flat teal field, so a test can tell the backdrop from what was set on it.
 */
export async function startImageServer() {
  const requests: ImageRequest[] = [];
  const state: { mode: ImageServerMode } = { mode: 'b64' };
  const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: { r: 20, g: 120, b: 130 } } })
    .png()
    .toBuffer();
  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/files/picture.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.method !== 'POST' || req.url !== '/v1/images/generations') return void res.writeHead(404).end();
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
    const { port } = server.address() as AddressInfo;
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    switch (state.mode) {
      case 'failing':
        return json(500, { error: { message: 'overloaded' } });
      case 'not-a-picture':
        return json(200, { created: 1, data: [{ b64_json: Buffer.from('this is not a picture').toString('base64') }] });
      case 'own-url':
        return json(200, { created: 1, data: [{ url: `http://127.0.0.1:${port}/files/picture.png` }] });
      case 'foreign-url':
        return json(200, { created: 1, data: [{ url: 'http://169.254.169.254/latest/meta-data' }] });
      default:
        return json(200, { created: 1, data: [{ b64_json: png.toString('base64') }] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
