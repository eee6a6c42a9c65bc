import { join } from 'node:path';
import type { SelahModule } from '../../lib/module/module.ts';
import { type ChosenEngine, EngineSwitch } from '../../providers/ai/engine-switch.ts';
import { LanguageModelEngine } from '../../providers/ai/language-model-engine.ts';
import { ScriptureEngine } from '../../providers/ai/scripture-engine.ts';
import { AiModelRepository } from './ai-model.repository.ts';
import { aiModelRoutes } from './ai-model.routes.ts';
import { AiModelService } from './ai-model.service.ts';
import { loadCuratedModels } from './curated-models.ts';
import { localEngineFactory } from './local-engine-factory.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** The engine that answers the AI's questions: the one the admin chose in the panel "AI model". */
    answerEngine: EngineSwitch;
  }
}

/**
 * Which engine answers the AI (issue 31 §2): the embedded one, a small model downloaded into the data
 * folder and run here, a model server found on this machine, or the one the settings name. The choice is
 * the site's, kept in the database, so every process answers with the same engine.
 */
export const aiModelModule: SelahModule = {
  name: 'ai-model',
  async setup({ server, http, config, db, log, use, provide, onClose }) {
    const { languageModel, aiModels } = config;
    const curated = loadCuratedModels(aiModels.listFile);
    const repo = new AiModelRepository(db);
    const embedded = new ScriptureEngine();
    const nameOf = (file: string) => curated.find((m) => m.file === file)?.name ?? file;
    const modelsDir = join(config.dataDir, 'models');
    const engines = new EngineSwitch((): Promise<ChosenEngine> => service.choice(), {
      embedded,
      configured: languageModel ? new LanguageModelEngine(languageModel) : undefined,
      server: (baseUrl, model) => new LanguageModelEngine({ baseUrl, model, timeoutMs: aiModels.timeoutMs }),
      local: localEngineFactory({ threads: aiModels.threads, maxTokens: aiModels.maxTokens }),
      modelPath: (file) => join(modelsDir, file),
      modelName: nameOf,
    });
    const service: AiModelService = new AiModelService(
      repo,
      engines,
      { modelsDir, curated, mirror: aiModels.mirror, discoverPorts: aiModels.discoverPorts, configured: languageModel },
      log,
    );
    await server.register(aiModelRoutes(service, use('audit'), use('staff')));
    onClose(async () => {
      await service.close();
      await engines.close();
    });
    http.metrics.counter('selah_ai_answers_total', 'AI answers given by this process, by engine', ['engine'], () =>
      [...engines.answerCounts()].map(([engine, count]) => [{ engine }, count]),
    );
    http.metrics.gauge('selah_ai_local_model_queue', 'Questions the local model in this process is answering (running) or that wait for it', ['state'], () => {
      const local = engines.localModel();
      return [
        [{ state: 'running' }, local?.running ?? 0],
        [{ state: 'waiting' }, local?.waiting ?? 0],
      ];
    });
    provide('answerEngine', engines);
  },
};
