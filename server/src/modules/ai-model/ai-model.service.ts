import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AiModelStatus,
  CuratedModel,
  DiscoveredServer,
  DownloadedModel,
  EngineChoice,
  EngineChoiceInput,
  ModelDownload,
} from '#common/contracts/ai-model.ts';
import { AppError, Conflict, NotFound } from '../../lib/errors.ts';
import type { ChosenEngine, EngineSwitch } from '../../providers/ai/engine-switch.ts';
import type { AiModelRepository, DownloadRow } from './ai-model.repository.ts';
import { type CuratedEntry, downloadUrl } from './curated-models.ts';
import { discoverServers, loopbackBaseUrl, probe } from './model-discovery.ts';
import { DownloadFailed, diskFull, downloadModel, formatBytes, freeBytes, partFile, sizeOf } from './model-download.ts';

/** A download whose process stopped beating this long ago may be claimed again. */
const STALE_MS = 30_000;
const BEAT_MS = 1_000;

export interface AiModelSettings {
  modelsDir: string;
  curated: CuratedEntry[];
  mirror?: string;
  discoverPorts: number[];
  /** The model the site's settings name (AI_MODEL at AI_BASE_URL), if any. */
  configured?: { baseUrl: string; model: string };
}

/** What the site's choice is when no admin has made one: the settings' model when named, else the embedded engine. */
export function defaultChoice(configured: AiModelSettings['configured']): ChosenEngine {
  return configured ? { kind: 'configured', model: null, baseUrl: null } : { kind: 'embedded', model: null, baseUrl: null };
}

/**
 * The admin panel's "AI model" (issue 31 §2): the curated models, their download (one at a time for the
 * site), the model servers on this machine, and which engine answers.
 */
export class AiModelService {
  /** The download this process runs, so a cancel asked here stops it at once (others see the flag within a beat). */
  private running?: { file: string; abort: AbortController; finished: Promise<void> };

  constructor(
    private readonly repo: AiModelRepository,
    private readonly engines: EngineSwitch,
    private readonly settings: AiModelSettings,
    private readonly log: { error(details: object, message: string): void },
  ) {
    mkdirSync(settings.modelsDir, { recursive: true });
  }

  /** The site's choice, for the engine switch (every process reads the same row). */
  async choice(): Promise<ChosenEngine> {
    return (await this.repo.choice()) ?? defaultChoice(this.settings.configured);
  }

  async curated(): Promise<CuratedModel[]> {
    const downloaded = new Set((await this.downloaded()).map((m) => m.file));
    return this.settings.curated.map(({ path: _path, sha256: _sha, ...m }) => ({
      ...m,
      url: downloadUrl({ ...m, path: _path, sha256: _sha }, this.settings.mirror),
      downloaded: downloaded.has(m.file),
    }));
  }

  async servers(): Promise<{ servers: DiscoveredServer[]; ports: number[] }> {
    return { servers: await discoverServers(this.settings.discoverPorts), ports: this.settings.discoverPorts };
  }

  async status(): Promise<AiModelStatus> {
    const engine = await this.engines.status();
    const row = await this.repo.download();
    return {
      engine: this.describe(engine.choice),
      configured: this.settings.configured?.model ?? null,
      local: engine.local,
      engineError: engine.error,
      answers: engine.answers,
      download: row ? toDownload(row) : null,
      downloaded: await this.downloaded(),
      freeBytes: await freeBytes(this.settings.modelsDir).catch(() => null),
    };
  }

  /** Starts downloading a curated model for the site, unless one is already being downloaded anywhere. */
  async download(file: string, requestedBy: string | null): Promise<ModelDownload> {
    const model = this.entry(file);
    const target = this.pathOf(file);
    if ((await sizeOf(target)) > 0) throw new Conflict(`${model.name} is already downloaded.`);
    const needed = model.bytes - (await sizeOf(partFile(target)));
    const free = await freeBytes(this.settings.modelsDir);
    if (needed > free) throw new AppError(507, diskFull(model.name, needed, free));
    const row = await this.repo.claim(file, model.bytes, requestedBy, STALE_MS);
    if (!row) {
      const other = await this.repo.download();
      throw new Conflict(`${this.nameOf(other?.file ?? file)} is being downloaded: wait for it to finish, or cancel it, before asking for another.`);
    }
    const abort = new AbortController();
    this.running = { file, abort, finished: this.run(model, target, abort).catch((err: unknown) => this.log.error({ err }, 'model download failed')) };
    return toDownload(row);
  }

  /** Stops the download under way (in whichever process runs it) and deletes what it fetched. */
  async cancel(): Promise<ModelDownload> {
    const row = await this.repo.requestCancel();
    if (!row) throw new Conflict('No model is being downloaded.');
    if (this.running?.file === row.file) {
      this.running.abort.abort();
      await this.running.finished;
    }
    return toDownload((await this.repo.download()) ?? row);
  }

  async remove(file: string): Promise<void> {
    const target = this.pathOf(file);
    if ((await sizeOf(target)) === 0) throw new NotFound(`No downloaded model is called ${file}.`);
    const chosen = await this.choice();
    if (chosen.kind === 'local' && chosen.model === file)
      throw new Conflict(`${this.nameOf(file)} answers the AI’s questions: choose another engine before removing it.`);
    await rm(target, { force: true });
  }

  async choose(input: EngineChoiceInput, changedBy: string | null): Promise<EngineChoice> {
    const choice = await this.validate(input);
    await this.repo.choose(choice, changedBy);
    // This process follows at once; the others within the switch's few seconds.
    await this.engines.now(true);
    return this.describe(choice);
  }

  /** Ends this process's download (it can be resumed: the part fetched is kept). */
  async close(): Promise<void> {
    if (!this.running) return;
    const { file, abort, finished } = this.running;
    abort.abort(new Error('closing'));
    await finished;
    await this.repo.finish(file, 'failed', 'The server stopped during the download. Ask again to resume where it stopped.');
  }

  private async validate(input: EngineChoiceInput): Promise<ChosenEngine> {
    if (input.kind === 'embedded') return { kind: 'embedded', model: null, baseUrl: null };
    if (input.kind === 'configured') {
      if (!this.settings.configured) throw new Conflict('The site’s settings name no language model: set AI_BASE_URL and AI_MODEL to choose it.');
      return { kind: 'configured', model: null, baseUrl: null };
    }
    if (input.kind === 'local') {
      if ((await sizeOf(this.pathOf(input.file))) === 0) throw new NotFound(`No downloaded model is called ${input.file}: download it first.`);
      return { kind: 'local', model: input.file, baseUrl: null };
    }
    if (!this.settings.discoverPorts.includes(input.port)) {
      throw new Conflict(`Port ${input.port} is not one Selah looks for model servers on (AI_DISCOVER_PORTS).`);
    }
    const server = await probe(input.port);
    if (!server) throw new Conflict(`No model server answers on port ${input.port} of this machine.`);
    if (!server.models.includes(input.model)) throw new Conflict(`The server on port ${input.port} has no model called ${input.model}.`);
    return { kind: 'server', model: input.model, baseUrl: loopbackBaseUrl(input.port) };
  }

  private describe(choice: ChosenEngine): EngineChoice {
    const label =
      choice.kind === 'local' && choice.model
        ? `${this.nameOf(choice.model)}, run by this server`
        : choice.kind === 'server'
          ? `${choice.model ?? ''} on a model server of this machine (${choice.baseUrl ?? ''})`
          : choice.kind === 'configured'
            ? `${this.settings.configured?.model ?? 'The language model'} from the site’s settings`
            : 'Selah’s embedded Scripture engine (no model)';
    return {
      kind: choice.kind,
      model: choice.kind === 'configured' ? (this.settings.configured?.model ?? null) : choice.model,
      baseUrl: choice.baseUrl,
      label,
    };
  }

  private async run(model: CuratedEntry, target: string, abort: AbortController): Promise<void> {
    let done = 0;
    let beating = Promise.resolve();
    const beat = setInterval(() => {
      beating = beating.then(async () => {
        const seen = await this.repo.progress(model.file, done).catch(() => undefined);
        if (seen?.cancel) abort.abort();
      });
    }, BEAT_MS);
    try {
      const { checked } = await downloadModel({
        name: model.name,
        url: downloadUrl(model, this.settings.mirror),
        target,
        bytes: model.bytes,
        sha256: model.sha256,
        signal: abort.signal,
        onBytes: (bytes) => void (done = bytes),
      });
      clearInterval(beat);
      await beating;
      const how = {
        list: '',
        host: ' Its SHA-256 matched the one its host publishes.',
        none: ' Neither the list nor its host gives a checksum for it, so the file was not checked.',
      }[checked ?? 'none'];
      await this.repo.finish(model.file, 'done', `${model.name} is downloaded (${formatBytes(model.bytes)}).${how}`, model.bytes);
    } catch (error) {
      clearInterval(beat);
      await beating;
      if (abort.signal.aborted && abort.signal.reason instanceof Error && abort.signal.reason.message === 'closing') return;
      if (abort.signal.aborted) {
        await rm(partFile(target), { force: true });
        await this.repo.finish(model.file, 'cancelled', `The download of ${model.name} was cancelled.`, 0);
      } else {
        const message = error instanceof DownloadFailed ? error.message : `The download of ${model.name} failed: ${(error as Error).message}`;
        if (!(error instanceof DownloadFailed)) this.log.error({ err: error }, 'model download failed');
        await this.repo.finish(model.file, 'failed', message, await sizeOf(partFile(target)));
      }
    } finally {
      if (this.running?.file === model.file) this.running = undefined;
    }
  }

  private async downloaded(): Promise<DownloadedModel[]> {
    const files = (await readdir(this.settings.modelsDir).catch(() => [])).filter((f) => f.endsWith('.gguf')).sort();
    return Promise.all(files.map(async (file) => ({ file, bytes: (await stat(this.pathOf(file))).size, name: this.nameOf(file) })));
  }

  private entry(file: string): CuratedEntry {
    const model = this.settings.curated.find((m) => m.file === file);
    if (!model) throw new NotFound(`${file} is not in the list of models.`);
    return model;
  }

  private nameOf(file: string): string {
    return this.settings.curated.find((m) => m.file === file)?.name ?? file;
  }

  pathOf(file: string): string {
    return join(this.settings.modelsDir, file);
  }
}

function toDownload(row: DownloadRow): ModelDownload {
  return {
    file: row.file,
    state: row.state as ModelDownload['state'],
    bytesDone: row.bytesDone,
    bytesTotal: row.bytesTotal,
    message: row.message,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
