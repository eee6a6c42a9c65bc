import { z } from 'zod';

/**
 * The admin panel "AI model" (issue 31 §2): which engine answers the AI's questions, the curated small
 * models a site may download and run on its own machine, and the model servers found on this machine.
 * Every call is for admins only.
 */

/** A model file's name in the models folder: no folders, a .gguf file. */
export const modelFileName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.gguf$/, 'A model file is a name ending in .gguf, of letters, digits, dots, dashes or underscores.');

/** One model of the curated list, as the panel shows it. */
export const curatedModel = z.object({
  name: z.string(),
  file: z.string(),
  bytes: z.number().int(),
  licence: z.string(),
  /** Memory the model needs while answering, in bytes (an estimate). */
  memoryBytes: z.number().int(),
  /** Words a second on a 2-core CPU machine (an estimate). */
  wordsPerSecond: z.number(),
  url: z.string(),
  downloaded: z.boolean(),
});
export type CuratedModel = z.infer<typeof curatedModel>;

export const DOWNLOAD_STATES = ['running', 'done', 'failed', 'cancelled'] as const;
export const modelDownload = z.object({
  file: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  bytesDone: z.number().int(),
  bytesTotal: z.number().int(),
  /** Why it failed or was refused, or what happened. */
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ModelDownload = z.infer<typeof modelDownload>;

export const downloadedModel = z.object({ file: z.string(), bytes: z.number().int(), name: z.string() });
export type DownloadedModel = z.infer<typeof downloadedModel>;

export const discoveredServer = z.object({
  port: z.number().int(),
  baseUrl: z.string(),
  /** What the server likely is, by its usual port ("Ollama"); "OpenAI-compatible server" otherwise. */
  name: z.string(),
  models: z.array(z.string()),
});
export type DiscoveredServer = z.infer<typeof discoveredServer>;

/** What the admin chooses: the embedded engine, a downloaded model, a server found here, or the one the site's settings name. */
export const engineChoiceInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedded') }),
  z.object({ kind: z.literal('local'), file: modelFileName }),
  z.object({ kind: z.literal('server'), port: z.number().int().min(1).max(65_535), model: z.string().trim().min(1).max(200) }),
  z.object({ kind: z.literal('configured') }),
]);
export type EngineChoiceInput = z.infer<typeof engineChoiceInput>;

export const engineChoice = z.object({
  kind: z.enum(['embedded', 'local', 'server', 'configured']),
  /** The model's file or name; none for the embedded engine. */
  model: z.string().nullable(),
  baseUrl: z.string().nullable(),
  /** A sentence for the panel: "Qwen2.5 0.5B Instruct, on this machine". */
  label: z.string(),
});
export type EngineChoice = z.infer<typeof engineChoice>;

export const localModelStatus = z.object({
  model: z.string(),
  state: z.enum(['loading', 'ready', 'failed']),
  error: z.string().optional(),
  running: z.number().int(),
  waiting: z.number().int(),
});

export const aiModelStatus = z.object({
  engine: engineChoice,
  /** The site's settings name a model (AI_BASE_URL, AI_MODEL): it can be chosen. */
  configured: z.string().nullable(),
  /** The local model's state in the process that answered this, when one is chosen. */
  local: localModelStatus.nullable(),
  /** Why the chosen engine could not be started here (the embedded engine answers meanwhile). */
  engineError: z.string().nullable(),
  /** Answers this process gave since it started, by the engine that wrote them. */
  answers: z.record(z.string(), z.number().int()),
  download: modelDownload.nullable(),
  downloaded: z.array(downloadedModel),
  /** Free space where models are kept, in bytes. */
  freeBytes: z.number().int().nullable(),
});
export type AiModelStatus = z.infer<typeof aiModelStatus>;

export const curatedPage = z.object({ models: z.array(curatedModel) });
export const serversPage = z.object({ servers: z.array(discoveredServer), ports: z.array(z.number().int()) });
export const downloadInput = z.object({ file: modelFileName });
export const modelParams = z.object({ file: modelFileName });
