import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { modelFileName } from '#common/contracts/ai-model.ts';

/** Where the curated models are downloaded from unless the site names a mirror (AI_MODEL_MIRROR). */
export const DEFAULT_MODEL_HOST = 'https://huggingface.co';

const entry = z.object({
  name: z.string().min(1).max(100),
  file: modelFileName,
  /** The file's size in bytes. */
  bytes: z.number().int().positive(),
  licence: z.string().min(1).max(100),
  memoryBytes: z.number().int().positive(),
  wordsPerSecond: z.number().positive(),
  /** The file's path on the model host (or the mirror): `<owner>/<repository>/resolve/main/<file>`. */
  path: z.string().regex(/^[\w.-]+(\/[\w.-]+)*$/),
  /** The file's SHA-256, hex; null while no maintainer has recorded it (the host's published one is then used, see model-download.ts). */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type CuratedEntry = z.infer<typeof entry>;
const list = z.array(entry).min(1).max(50);

const GB = 1_000_000_000;

/**
 * Small instruct models in GGUF form that run on a modest CPU. Sizes are the files' as published; the
 * memory each needs and its speed on a 2-core machine are estimates. The checksums are to be recorded by
 * a maintainer from the published files (docs/ai.md): until then a download is checked against the one
 * its host publishes.
 */
export const CURATED_MODELS: CuratedEntry[] = [
  {
    name: 'Qwen2.5 0.5B Instruct (Q4_K_M)',
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    bytes: 491_400_032,
    licence: 'Apache-2.0',
    memoryBytes: 0.9 * GB,
    wordsPerSecond: 9,
    path: 'Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    sha256: null,
  },
  {
    name: 'Qwen2.5 1.5B Instruct (Q4_K_M)',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    bytes: 1_117_320_736,
    licence: 'Apache-2.0',
    memoryBytes: 1.8 * GB,
    wordsPerSecond: 4,
    path: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
    sha256: null,
  },
  {
    name: 'Llama 3.2 1B Instruct (Q4_K_M)',
    file: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    bytes: 807_694_464,
    licence: 'Llama 3.2 Community License',
    memoryBytes: 1.3 * GB,
    wordsPerSecond: 6,
    path: 'bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    sha256: null,
  },
  {
    name: 'Llama 3.2 3B Instruct (Q4_K_M)',
    file: 'Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    bytes: 2_019_377_696,
    licence: 'Llama 3.2 Community License',
    memoryBytes: 3 * GB,
    wordsPerSecond: 2,
    path: 'bartowski/Llama-3.2-3B-Instruct-GGUF/resolve/main/Llama-3.2-3B-Instruct-Q4_K_M.gguf',
    sha256: null,
  },
  {
    name: 'Gemma 2 2B it (Q4_K_M)',
    file: 'gemma-2-2b-it-Q4_K_M.gguf',
    bytes: 1_708_582_752,
    licence: 'Gemma Terms of Use',
    memoryBytes: 2.4 * GB,
    wordsPerSecond: 2.5,
    path: 'bartowski/gemma-2-2b-it-GGUF/resolve/main/gemma-2-2b-it-Q4_K_M.gguf',
    sha256: null,
  },
  {
    name: 'Phi-3.5 mini instruct (Q4_K_M)',
    file: 'Phi-3.5-mini-instruct-Q4_K_M.gguf',
    bytes: 2_393_232_608,
    licence: 'MIT',
    memoryBytes: 3.5 * GB,
    wordsPerSecond: 1.5,
    path: 'bartowski/Phi-3.5-mini-instruct-GGUF/resolve/main/Phi-3.5-mini-instruct-Q4_K_M.gguf',
    sha256: null,
  },
];

/** The site's list: the file AI_MODEL_LIST names (the same fields, as JSON), else the curated one. */
export function loadCuratedModels(listFile: string | undefined): CuratedEntry[] {
  if (!listFile) return CURATED_MODELS;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(listFile, 'utf8'));
  } catch (error) {
    throw new Error(`AI_MODEL_LIST: ${listFile} could not be read as JSON (${(error as Error).message}).`);
  }
  const parsed = list.safeParse(raw);
  if (!parsed.success) throw new Error(`AI_MODEL_LIST: ${listFile} is not a list of models: ${parsed.error.issues[0]?.message ?? 'invalid'}.`);
  return parsed.data;
}

export const downloadUrl = (model: CuratedEntry, mirror: string | undefined): string => `${mirror ?? DEFAULT_MODEL_HOST}/${model.path}`;
