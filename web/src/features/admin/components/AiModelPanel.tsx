import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiModelStatus, CuratedModel, EngineChoiceInput, ModelDownload } from '#common/contracts/ai-model.ts';
import { countOf, en } from '#common/text/plural.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  aiModelKeys,
  aiModelStatusQuery,
  cancelDownload,
  chooseEngine,
  curatedModelsQuery,
  downloadModel,
  modelServersQuery,
  removeModel,
} from '../api/ai-model.ts';

/** "1.2 GB", "480 MB": sizes as a person reads them. */
export function formatSize(bytes: number): string {
  const gigabytes = bytes >= 1e9;
  return new Intl.NumberFormat(undefined, { style: 'unit', unit: gigabytes ? 'gigabyte' : 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (gigabytes ? 1e9 : 1e6),
  );
}

const ENGINE_NAMES: Record<string, string> = {
  'scripture-search': 'Embedded Scripture engine',
  'language-model': 'Language model (a server)',
  'local-model': 'Model run by this server',
};

const failed = (title: string, failure: unknown) => toast({ title, description: errorMessage(failure), variant: 'destructive', duration: 8000 });

/**
 * AI model (issue 31 §2): which engine answers the AI's questions, the small models the site can download
 * and run on its own machine, and the model servers found on this machine.
 */
export function AiModelPanel() {
  const queryClient = useQueryClient();
  const status = useQuery(aiModelStatusQuery);
  const curated = useQuery(curatedModelsQuery);
  const servers = useQuery(modelServersQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: aiModelKeys.all });

  const download = useMutation({ mutationFn: downloadModel, onSettled: refresh, onError: (e) => failed('The download did not start', e) });
  const cancel = useMutation({ mutationFn: cancelDownload, onSettled: refresh, onError: (e) => failed('The download was not cancelled', e) });
  const remove = useMutation({ mutationFn: removeModel, onSettled: refresh, onError: (e) => failed('The model was not removed', e) });
  const choose = useMutation({
    mutationFn: (choice: EngineChoiceInput) => chooseEngine(choice),
    onSuccess: (chosen) => toast({ title: 'Engine chosen', description: chosen.label }),
    onSettled: refresh,
    onError: (e) => failed('The engine was not changed', e),
  });

  if (status.isError) return <LoadFailed what="the AI model's status" error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data) return <p aria-busy="true">Loading…</p>;
  const data = status.data;
  const running = data.download?.state === 'running' ? data.download : null;
  const isChosen = (kind: string, model: string | null) => data.engine.kind === kind && data.engine.model === model;

  return (
    <section aria-labelledby="ai-model-heading" className="flex flex-col gap-6">
      <h2 id="ai-model-heading" className="font-serif text-2xl font-semibold">
        AI model
      </h2>

      <CurrentEngine
        status={data}
        onEmbedded={() => choose.mutate({ kind: 'embedded' })}
        onConfigured={() => choose.mutate({ kind: 'configured' })}
        busy={choose.isPending}
      />

      <DownloadProgress download={data.download} curated={curated.data} onCancel={() => cancel.mutate()} cancelling={cancel.isPending} />

      <section aria-labelledby="ai-downloaded-heading" className="card flex flex-col gap-3">
        <h3 id="ai-downloaded-heading" className="font-semibold">
          Downloaded models
        </h3>
        {data.downloaded.length === 0 ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">None yet: download one from the list below.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
            {data.downloaded.map((model) => (
              <li key={model.file} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{model.name}</p>
                  <p className="text-sm text-stone-700 dark:text-stone-300">
                    {model.file} · {formatSize(model.bytes)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {isChosen('local', model.file) ? (
                    <span className="rounded-lg bg-orange-100 px-3 py-2 text-sm font-medium text-orange-950 dark:bg-orange-950 dark:text-orange-50">
                      In use
                    </span>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="button-primary"
                        disabled={choose.isPending}
                        aria-label={`Use this model: ${model.name}`}
                        onClick={() => choose.mutate({ kind: 'local', file: model.file })}
                      >
                        Use this model
                      </button>
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={remove.isPending}
                        aria-label={`Remove ${model.name}`}
                        onClick={() => {
                          if (window.confirm(`Remove ${model.name} (${formatSize(model.bytes)}) from this server?`)) remove.mutate(model.file);
                        }}
                      >
                        Remove
                      </button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="ai-curated-heading" className="card flex flex-col gap-3">
        <h3 id="ai-curated-heading" className="font-semibold">
          Models to download
        </h3>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Small models that run on this server’s processor. Memory and speed are estimates for a machine with 2 processor cores; more cores answer faster.
          {data.freeBytes !== null && ` ${formatSize(data.freeBytes)} of disk space is free.`}
        </p>
        {curated.isError && <LoadFailed what="the list of models" error={curated.error} onRetry={() => void curated.refetch()} className="" />}
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {curated.data?.map((model) => (
            <CuratedRow key={model.file} model={model} busy={Boolean(running) || download.isPending} onDownload={() => download.mutate(model.file)} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="ai-servers-heading" className="card flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="ai-servers-heading" className="font-semibold">
            Model servers on this machine
          </h3>
          <button type="button" className="button-secondary" disabled={servers.isFetching} onClick={() => void servers.refetch()}>
            {servers.isFetching ? 'Looking…' : 'Look again'}
          </button>
        </div>
        {servers.isError && <LoadFailed what="the model servers" error={servers.error} onRetry={() => void servers.refetch()} className="" />}
        {servers.data && servers.data.servers.length === 0 && (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {servers.data.ports.length === 0
              ? 'Looking for model servers is turned off (AI_DISCOVER_PORTS).'
              : `No Ollama, LM Studio, llama.cpp or vLLM server answers on this machine (ports ${servers.data.ports.join(', ')}).`}
          </p>
        )}
        {servers.data?.servers.map((server) => (
          <div key={server.port} className="flex flex-col gap-2">
            <p className="font-medium">
              {server.name} <span className="font-normal text-stone-700 dark:text-stone-300">· port {server.port}</span>
            </p>
            <ul className="flex flex-col gap-2">
              {server.models.map((model) => (
                <li key={model} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="break-all">{model}</span>
                  {isChosen('server', model) && data.engine.baseUrl === server.baseUrl ? (
                    <span className="rounded-lg bg-orange-100 px-3 py-2 text-sm font-medium text-orange-950 dark:bg-orange-950 dark:text-orange-50">
                      In use
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button-secondary"
                      disabled={choose.isPending}
                      aria-label={`Use ${model} from ${server.name}`}
                      onClick={() => choose.mutate({ kind: 'server', port: server.port, model })}
                    >
                      Use
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </section>
  );
}

function CurrentEngine({ status, onEmbedded, onConfigured, busy }: { status: AiModelStatus; onEmbedded: () => void; onConfigured: () => void; busy: boolean }) {
  const { engine, local, engineError, answers, configured } = status;
  const counted = Object.entries(answers);
  return (
    <section aria-labelledby="ai-engine-heading" className="card flex flex-col gap-3">
      <h3 id="ai-engine-heading" className="font-semibold">
        Answering now
      </h3>
      <p className="text-lg" data-testid="ai-engine">
        {engine.label}
      </p>
      {local && (
        <p className="text-sm text-stone-700 dark:text-stone-300" aria-live="polite">
          {local.state === 'loading'
            ? 'Loading the model…'
            : local.state === 'ready'
              ? 'Ready.'
              : `The model failed to load: ${local.error ?? 'no reason given'}.`}{' '}
          {countOf(local.running, en('question'))} being answered, {countOf(local.waiting, en('question'))} waiting.
        </p>
      )}
      {engineError && (
        <p role="alert" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {engineError}
        </p>
      )}
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {counted.length === 0
          ? 'No answers since this server started.'
          : `Since this server started: ${counted.map(([name, n]) => `${ENGINE_NAMES[name] ?? name}, ${countOf(n, en('answer'))}`).join('; ')}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        {engine.kind !== 'embedded' && (
          <button type="button" className="button-secondary" disabled={busy} onClick={onEmbedded}>
            Use the embedded engine
          </button>
        )}
        {configured && engine.kind !== 'configured' && (
          <button type="button" className="button-secondary" disabled={busy} onClick={onConfigured}>
            Use {configured} from the settings
          </button>
        )}
      </div>
    </section>
  );
}

function DownloadProgress({
  download,
  curated,
  onCancel,
  cancelling,
}: {
  download: ModelDownload | null;
  curated?: CuratedModel[];
  onCancel: () => void;
  cancelling: boolean;
}) {
  if (!download) return null;
  const name = curated?.find((m) => m.file === download.file)?.name ?? download.file;
  const percent = download.bytesTotal > 0 ? Math.floor((download.bytesDone / download.bytesTotal) * 100) : 0;
  const bytes = `${formatSize(download.bytesDone)} of ${formatSize(download.bytesTotal)}`;
  return (
    <section aria-labelledby="ai-download-heading" className="card flex flex-col gap-3">
      <h3 id="ai-download-heading" className="font-semibold">
        Download
      </h3>
      <p className="font-medium break-words">{name}</p>
      {download.state === 'running' ? (
        <>
          <div
            role="progressbar"
            aria-label={`Downloading ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%, ${bytes}`}
            className="h-2.5 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
          >
            <div className="h-full rounded-full bg-orange-800 transition-[width] dark:bg-orange-300" style={{ width: `${percent}%` }} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-stone-700 tabular-nums dark:text-stone-300" aria-live="polite" data-testid="ai-download-bytes">
              {percent}% · {bytes}
            </p>
            <button type="button" className="button-secondary" disabled={cancelling} onClick={onCancel} aria-label={`Cancel the download of ${name}`}>
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          </div>
        </>
      ) : (
        <p
          role={download.state === 'failed' ? 'alert' : 'status'}
          className={
            download.state === 'failed'
              ? 'rounded-lg bg-red-50 p-2 text-sm break-words text-red-900 dark:bg-red-950 dark:text-red-100'
              : 'text-sm text-stone-700 dark:text-stone-300'
          }
        >
          {download.message}
        </p>
      )}
    </section>
  );
}

function CuratedRow({ model, busy, onDownload }: { model: CuratedModel; busy: boolean; onDownload: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{model.name}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700 sm:flex sm:flex-wrap sm:gap-x-1 dark:text-stone-300">
          <dt className="sm:after:content-[':']">Size</dt>
          <dd className="sm:mr-3">{formatSize(model.bytes)}</dd>
          <dt className="sm:after:content-[':']">Licence</dt>
          <dd className="sm:mr-3">{model.licence}</dd>
          <dt className="sm:after:content-[':']">Memory</dt>
          <dd className="sm:mr-3">about {formatSize(model.memoryBytes)}</dd>
          <dt className="sm:after:content-[':']">Speed</dt>
          <dd>about {new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(model.wordsPerSecond)} words a second</dd>
        </dl>
      </div>
      {model.downloaded ? (
        <span className="text-sm font-medium text-stone-700 dark:text-stone-300">Downloaded</span>
      ) : (
        <button
          type="button"
          className="button-primary self-start sm:self-center"
          disabled={busy}
          onClick={onDownload}
          aria-label={`Download ${model.name}, ${formatSize(model.bytes)}`}
        >
          Download
        </button>
      )}
    </li>
  );
}
