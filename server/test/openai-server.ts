import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  authorization?: string;
  body: { model: string; stream?: boolean; messages: { role: string; content: string }[] };
}

/** What the test server says to a request: text to stream (the words after the first once `restAfter` settles), or a failure. */
export type Reply = { text: string; restAfter?: Promise<void> } | { status: number } | { hang: true };

/**
 * A local stand-in for an OpenAI-compatible service: POST /v1/chat/completions over real HTTP,
 * streamed as server-sent events (chat.completion.chunk, then [DONE]) or as one JSON reply.
 */
export async function startOpenAiServer(reply: (request: ChatRequest) => Reply, options: { models?: string[] } = {}) {
  const requests: ChatRequest[] = [];
  /** Requests whose connection closed before the answer was finished (the caller stopped). */
  const abandoned: ChatRequest[] = [];
  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    // The model list, as Ollama, LM Studio and llama.cpp's server give it (how Selah finds them).
    if (options.models && req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ object: 'list', data: options.models.map((id) => ({ id, object: 'model', owned_by: 'library' })) }));
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const request: ChatRequest = { authorization: req.headers.authorization, body: JSON.parse(raw) };
    requests.push(request);
    res.on('close', () => {
      if (!res.writableFinished) abandoned.push(request);
    });
    const answer = reply(request);
    if ('hang' in answer) return; // never answers: the caller's time-out must end it
    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'The model is overloaded.', type: 'server_error' } }));
    }
    const base = { id: 'chatcmpl-test', created: 1_700_000_000, model: request.body.model };
    if (!request.body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const choice = { index: 0, message: { role: 'assistant', content: answer.text }, finish_reason: 'stop' };
      return void res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [choice] }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const words = answer.text.match(/\S+\s*/g) ?? [];
    for (const [i, word] of words.entries()) {
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: word } : { content: word }, finish_reason: null }],
      });
      if (i === 0 && answer.restAfter) await answer.restAfter;
    }
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    send({
      ...base,
      object: 'chat.completion.chunk',
      choices: [],
      usage: { prompt_tokens: 100, completion_tokens: words.length, total_tokens: 100 + words.length },
    });
    res.end('data: [DONE]\n\n');
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    abandoned,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
