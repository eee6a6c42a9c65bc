import { describe, expect, it } from 'vitest';
import { parseHost, TrustedHosts } from './trusted-hosts.ts';
import { inlineScriptHashes } from './security-headers.ts';

describe('trusted hosts', () => {
  it('parses well-formed hosts only', () => {
    expect(parseHost('bible.example.org')).toEqual({ name: 'bible.example.org', port: undefined });
    expect(parseHost('Bible.Lan:8080')).toEqual({ name: 'bible.lan', port: 8080 });
    expect(parseHost('[::1]:3000')).toEqual({ name: '[::1]', port: 3000 });
    for (const bad of ['[', 'a b', 'x:99999', 'x:0', 'x:', '-x.org', 'x..org', 'x/y', 'x@y', '']) expect(parseHost(bad), bad).toBeUndefined();
  });

  it('trusts PUBLIC_URL, the listening address with its port, and the allowed names', () => {
    const hosts = new TrustedHosts({
      publicUrl: 'https://bible.example.org',
      allowedHosts: ['bible.lan', 'reader.lan:8443'],
      listen: { host: '0.0.0.0', port: 3000 },
    });
    for (const ok of ['bible.example.org', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'bible.lan', 'bible.lan:1234', 'READER.lan:8443'])
      expect(hosts.allows(ok), ok).toBe(true);
    for (const no of ['evil.example', 'localhost:3001', 'localhost', 'reader.lan', 'bible.example.org:8443', undefined])
      expect(hosts.allows(no), String(no)).toBe(false);
  });

  it('learns a random port once listening, and port 80 without a port', () => {
    const hosts = new TrustedHosts({ allowedHosts: [], listen: { host: '127.0.0.1', port: 0 } });
    expect(hosts.allows('127.0.0.1:0')).toBe(false);
    hosts.addListening([{ address: '127.0.0.1', port: 45_678 }]);
    expect(hosts.allows('127.0.0.1:45678')).toBe(true);
    expect(hosts.allows('localhost:45678')).toBe(true);
    hosts.addListening([{ address: '127.0.0.1', port: 80 }]);
    expect(hosts.allows('localhost')).toBe(true);
  });
});

describe('inline script hashes for the page CSP', () => {
  it('hashes executable inline scripts only', () => {
    const html = '<script>a()</script><script type="module">b()</script><script type="application/ld+json">{}</script><script src="/x.js"></script>';
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });
});
