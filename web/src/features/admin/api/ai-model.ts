import { queryOptions } from '@tanstack/react-query';
import type { AiModelStatus, CuratedModel, DiscoveredServer, EngineChoice, EngineChoiceInput, ModelDownload } from '#common/contracts/ai-model.ts';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client.ts';

/** The admin panel's "AI model" calls (`common/src/contracts/ai-model.ts`). */
const BASE = '/api/admin/ai-model';
const KEY = ['admin', 'ai-model'] as const;

/** How often the status is read again while a download runs (here, by another admin, or in another process). */
export const DOWNLOAD_POLL_MS = 1000;

export const aiModelStatusQuery = queryOptions({
  queryKey: [...KEY, 'status'],
  queryFn: () => apiGet<AiModelStatus>(BASE),
  staleTime: 0,
  // While a download runs, and while a local model answers (its queue moves), the status is kept current.
  refetchInterval: (query) => (query.state.data?.download?.state === 'running' || query.state.data?.local ? DOWNLOAD_POLL_MS : false),
});

export const curatedModelsQuery = queryOptions({
  queryKey: [...KEY, 'curated'],
  queryFn: () => apiGet<{ models: CuratedModel[] }>(`${BASE}/curated`).then((page) => page.models),
  staleTime: 0,
});

export const modelServersQuery = queryOptions({
  queryKey: [...KEY, 'servers'],
  queryFn: () => apiGet<{ servers: DiscoveredServer[]; ports: number[] }>(`${BASE}/servers`),
  staleTime: 0,
});

export const downloadModel = (file: string) => apiPost<ModelDownload>(`${BASE}/download`, { file });
export const cancelDownload = () => apiPost<ModelDownload>(`${BASE}/download/cancel`, {});
export const removeModel = (file: string) => apiRequest<null>('DELETE', `${BASE}/models/${encodeURIComponent(file)}`);
export const chooseEngine = (choice: EngineChoiceInput) => apiRequest<EngineChoice>('PUT', `${BASE}/engine`, choice);

export const aiModelKeys = { all: KEY };
