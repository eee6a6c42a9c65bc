import { z } from 'zod';
import type { DiscoveredServer } from '#common/contracts/ai-model.ts';

/** What each usual port is most likely to be. */
const KNOWN_PORTS: Record<number, string> = { 11434: 'Ollama', 1234: 'LM Studio', 8080: 'llama.cpp server', 8000: 'vLLM' };

const modelList = z.object({ data: z.array(z.object({ id: z.string().min(1).max(200) })).max(500) });

/** The OpenAI-compatible address of a server on this machine: loopback only, whatever the port. */
export const loopbackBaseUrl = (port: number): string => `http://127.0.0.1:${port}/v1`;

/**
 * Model servers on this machine (Ollama, LM Studio, llama.cpp, vLLM): each port is asked for
 * `/v1/models` on the loopback address, briefly; one that does not answer so is not listed. Never
 * another host, so the admin panel cannot be used to probe the network.
 */
export async function discoverServers(ports: readonly number[], timeoutMs = 1_500): Promise<DiscoveredServer[]> {
  const found = await Promise.all(ports.map((port) => probe(port, timeoutMs)));
  return found.filter((server): server is DiscoveredServer => server !== undefined);
}

export async function probe(port: number, timeoutMs = 1_500): Promise<DiscoveredServer | undefined> {
  const baseUrl = loopbackBaseUrl(port);
  try {
    const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    const parsed = modelList.safeParse(await response.json());
    if (!parsed.success) return undefined;
    return { port, baseUrl, name: KNOWN_PORTS[port] ?? 'OpenAI-compatible server', models: parsed.data.data.map((m) => m.id) };
  } catch {
    return undefined;
  }
}
