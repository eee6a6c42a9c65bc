import { createHash } from 'node:crypto';
import type { Piscina } from 'piscina';
import sharp from 'sharp';
import type { AppConfig } from '../../config.ts';
import { Upstream } from '../../lib/errors.ts';
import type { BackdropWriter } from './backdrop-prompt.ts';
import type { ImageEngine, PassageInput, RenderedPicture, ShareCardInput } from './image-engine.ts';
import { renderInPool } from './scene-engine.ts';

/** A 1024² PNG is 1–3 MB as base64; anything far larger is not a picture we asked for. */
const MAX_REPLY_BYTES = 40 * 1024 * 1024;

/**
 * Any OpenAI-compatible image endpoint (`POST {IMAGE_BASE_URL}/images/generations`: OpenAI, LocalAI, a
 * Stable Diffusion server with that API) paints the backdrop; the words are set on it by our own
 * renderer in the picture workers, so a model never writes Scripture. Share cards are typographic and
 * made by the renderer alone.
 */
export class OpenAiImageEngine implements ImageEngine {
  readonly id: string;

  constructor(
    private readonly config: NonNullable<AppConfig['images']>,
    private readonly pool: Piscina,
    private readonly describe: BackdropWriter,
  ) {
    // The address is in the id, hashed: another service with the same model name paints differently.
    const where = createHash('sha256').update(config.baseUrl).digest('hex').slice(0, 8);
    this.id = `openai-${where}-${config.model}-v1`;
  }

  versePicture(input: PassageInput): Promise<RenderedPicture> {
    return this.painted('verse', input);
  }

  chapterPicture(input: PassageInput): Promise<RenderedPicture> {
    return this.painted('chapter', input);
  }

  shareCard({ reference, text, fontStyle, backgroundColor, textColor }: ShareCardInput): Promise<RenderedPicture> {
    return renderInPool(this.pool, { kind: 'card', reference, text, fontStyle, backgroundColor, textColor });
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private async painted(kind: 'verse' | 'chapter', { reference, text, translation, seed, caption }: PassageInput): Promise<RenderedPicture> {
    const { scene, prompt } = await this.describe({ reference, text });
    const backdrop = await this.paint(prompt);
    return renderInPool(this.pool, { kind, reference, text, translation, seed, caption, backdrop, backdropDescription: `${scene}.` });
  }

  private async paint(prompt: string): Promise<Uint8Array> {
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl}/images/generations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.config.apiKey && { authorization: `Bearer ${this.config.apiKey}` }) },
        body: JSON.stringify({ model: this.config.model, prompt, n: 1, size: '1024x1024', response_format: 'b64_json' }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      throw unreachable(error, 'The image service');
    }
    if (!response.ok) throw new Upstream(`The image service refused the request (HTTP ${response.status}).`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_REPLY_BYTES) throw new Upstream('The image service answered with far too much.');
    let reply: { data?: { b64_json?: unknown; url?: unknown }[] };
    try {
      reply = (await response.json()) as typeof reply;
    } catch {
      throw new Upstream('The image service answered with something that is not JSON.');
    }
    const first = reply.data?.[0];
    let bytes: Uint8Array;
    if (typeof first?.b64_json === 'string') bytes = Buffer.from(first.b64_json, 'base64');
    else if (typeof first?.url === 'string') bytes = await this.fetchOwn(first.url);
    else throw new Upstream('The image service answered without a picture.');
    // Checked here, so a broken picture is the service's failure (502), not the renderer's.
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) throw new Upstream('The image service answered with a picture that cannot be read.');
    return bytes;
  }

  /**
   * Some servers (LocalAI) answer with an address on themselves. Only such an address is fetched: a
   * reply naming any other host is not followed, so the service cannot make Selah fetch elsewhere.
   */
  private async fetchOwn(url: string): Promise<Uint8Array> {
    let target: URL;
    try {
      target = new URL(url, this.config.baseUrl);
    } catch {
      throw new Upstream('The image service answered with an address that cannot be read.');
    }
    if (target.origin !== new URL(this.config.baseUrl).origin) throw new Upstream('The image service answered with a picture on another host.');
    let response: Response;
    try {
      response = await fetch(target, { signal: AbortSignal.timeout(this.config.timeoutMs), redirect: 'error' });
    } catch (error) {
      throw unreachable(error, 'The image service’s picture');
    }
    if (!response.ok) throw new Upstream(`The image service’s picture could not be fetched (HTTP ${response.status}).`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

function unreachable(error: unknown, what: string): Upstream {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new Upstream(timedOut ? `${what} took too long to answer.` : `${what} could not be reached.`, timedOut);
}
