import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('the AI settings', () => {
  it('uses the embedded engine unless a model is named, and takes the model settings together', () => {
    expect(loadConfig({}).languageModel).toBeUndefined();
    expect(loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.1', AI_API_KEY: 'k' }).languageModel).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
      apiKey: 'k',
      timeoutMs: 60_000,
    });
    expect(() => loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_MODEL: 'llama3.1' })).toThrow(/AI_BASE_URL and AI_MODEL go together/);
    expect(() => loadConfig({ AI_BASE_URL: 'not a url', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL must be a URL/);
    expect(() => loadConfig({ AI_TIMEOUT_MS: '5' })).toThrow(/AI_TIMEOUT_MS/);
  });
});
