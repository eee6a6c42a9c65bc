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

describe('the licensed catalogue settings', () => {
  it('are off without a key, and read the service, its limits, the Bibles offered and the usage reports with one', () => {
    expect(loadConfig({}).apiBible).toBeUndefined();
    expect(loadConfig({ API_BIBLE_KEY: 'key-0123456789' }).apiBible).toEqual({
      key: 'key-0123456789',
      baseUrl: 'https://rest.api.bible/v1',
      timeoutMs: 8_000,
      cacheHours: 24,
      bibles: [],
      fumsUrl: 'https://fums.api.bible/f3',
    });
    const set = loadConfig({
      API_BIBLE_KEY: 'key-0123456789',
      API_BIBLE_URL: 'http://127.0.0.1:9000/v1/',
      API_BIBLE_CACHE_HOURS: '2',
      API_BIBLE_BIBLES: ' de4e12af7f28f599-01, 78a9f6124f344018-01 ,',
      API_BIBLE_FUMS_URL: 'off',
    }).apiBible;
    expect(set).toMatchObject({
      baseUrl: 'http://127.0.0.1:9000/v1',
      cacheHours: 2,
      bibles: ['de4e12af7f28f599-01', '78a9f6124f344018-01'],
      fumsUrl: undefined,
    });
    expect(() => loadConfig({ API_BIBLE_KEY: 'k', API_BIBLE_URL: 'x' })).toThrow(/API_BIBLE_KEY must be the key API.Bible gave you/);
    expect(() => loadConfig({ API_BIBLE_KEY: 'key-0123456789', API_BIBLE_URL: 'nowhere' })).toThrow(/API_BIBLE_URL must be a URL/);
    expect(() => loadConfig({ API_BIBLE_CACHE_HOURS: 'forever' })).toThrow(/API_BIBLE_CACHE_HOURS must be a number of hours/);
    expect(() => loadConfig({ API_BIBLE_FUMS_URL: 'sometimes' })).toThrow(/API_BIBLE_FUMS_URL/);
  });
});
