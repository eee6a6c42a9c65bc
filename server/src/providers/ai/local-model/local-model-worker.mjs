// The worker thread's entry: it runs the TypeScript through tsx, as the server's own thread does.
import { register } from 'tsx/esm/api';

register();
await import('./local-model-worker.ts');
