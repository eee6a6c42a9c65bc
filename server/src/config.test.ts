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

  it('gives a stopping process 25 s to finish its requests unless told otherwise, and refuses a deadline that is not one', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '8000' }).shutdownTimeoutMs).toBe(8_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(
      'Invalid configuration: SHUTDOWN_TIMEOUT_MS must be a number of milliseconds (got "soon")',
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('looks for model servers on the usual ports unless told other ports or off, and downloads models from a mirror when named', () => {
    expect(loadConfig({}).aiModels).toEqual({
      mirror: undefined,
      listFile: undefined,
      timeoutMs: 60_000,
      threads: undefined,
      maxTokens: 1_024,
      discoverPorts: [11434, 1234, 8080, 8000],
    });
    expect(loadConfig({ AI_MODEL_THREADS: '2', AI_MODEL_MAX_TOKENS: '256' }).aiModels).toMatchObject({ threads: 2, maxTokens: 256 });
    expect(() => loadConfig({ AI_MODEL_THREADS: 'all' })).toThrow(/AI_MODEL_THREADS must be a whole number of CPU threads/);
    expect(() => loadConfig({ AI_MODEL_MAX_TOKENS: '8' })).toThrow(/AI_MODEL_MAX_TOKENS/);
    expect(loadConfig({ AI_DISCOVER_PORTS: ' 8081, 9000 ', AI_MODEL_MIRROR: 'https://models.example.org/' }).aiModels).toMatchObject({
      discoverPorts: [8081, 9000],
      mirror: 'https://models.example.org',
    });
    expect(loadConfig({ AI_DISCOVER_PORTS: 'off' }).aiModels.discoverPorts).toEqual([]);
    for (const bad of ['ollama', '0', '70000', '11434;1234']) {
      expect(() => loadConfig({ AI_DISCOVER_PORTS: bad }), bad).toThrow(/AI_DISCOVER_PORTS must be port numbers separated by commas \(11434,1234\), or off/);
    }
    expect(() => loadConfig({ AI_MODEL_MIRROR: 'models' })).toThrow(/AI_MODEL_MIRROR must be a URL/);
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

describe('TRUST_PROXY', () => {
  it('takes off, a count of proxies, or the proxies’ addresses, and refuses on with what to set instead', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(
      new ConfigError(
        'Invalid configuration: TRUST_PROXY cannot be on (it would believe any X-Forwarded-For a client sends): set 1 for one proxy such as nginx or Caddy in front, or the proxies’ addresses (e.g. 127.0.0.1,10.0.0.0/8) (got "on")',
      ),
    );
    for (const bad of ['0', '-1', 'yes', '10.0.0.300', '10.0.0.0/33', '127.0.0.1,,nginx'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('the SWORD repositories', () => {
  it("start with CrossWire's and eBible.org's, and read name=address entries with an optional zip folder", () => {
    expect(loadConfig({}).swordRepositories.map((r) => r.name)).toEqual(['CrossWire', 'eBible']);
    expect(
      loadConfig({ SWORD_REPOSITORIES: ' Local=http://127.0.0.1:3700/sword/raw/ , Other=https://example.org/s|https://example.org/zips' }).swordRepositories,
    ).toEqual([
      { name: 'Local', catalogueUrl: 'http://127.0.0.1:3700/sword/raw', packageUrl: 'http://127.0.0.1:3700/sword/packages/rawzip' },
      { name: 'Other', catalogueUrl: 'https://example.org/s', packageUrl: 'https://example.org/zips' },
    ]);
  });

  it('refuse a list they cannot read with one line that says why', () => {
    expect(() => loadConfig({ SWORD_REPOSITORIES: 'https://example.org/sword' })).toThrow(
      'Invalid configuration: SWORD_REPOSITORIES must be name=https://address entries separated by commas (an optional |https://address after one names its zip folder): "https://example.org/sword" has no name= before its address (got "https://example.org/sword")',
    );
    expect(() => loadConfig({ SWORD_REPOSITORIES: 'a=ftp://example.org/sword' })).toThrow(/"a": "ftp:\/\/example.org\/sword" is not an http or https address/);
    expect(() => loadConfig({ SWORD_REPOSITORIES: 'a=https://x.org/a,A=https://x.org/b' })).toThrow(/"A" is named twice/);
  });
});

describe('METRICS_TOKEN and LOG_REQUESTS', () => {
  it('are off by default, take a token of 16 characters or more and on/off, and refuse anything else with one line', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, logRequests: false });
    expect(loadConfig({ METRICS_TOKEN: 'a-long-random-token', LOG_REQUESTS: 'on' })).toMatchObject({ metricsToken: 'a-long-random-token', logRequests: true });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      new ConfigError('Invalid configuration: METRICS_TOKEN must be at least 16 characters (a long random string) (got "short")'),
    );
    expect(() => loadConfig({ LOG_REQUESTS: 'yes' })).toThrow(new ConfigError('Invalid configuration: LOG_REQUESTS must be on or off (got "yes")'));
  });
});
