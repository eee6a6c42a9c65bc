import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProgram } from './deploy-processes.ts';

const UNIT = new URL('../../deploy/selah@.service', import.meta.url).pathname;
const SYSTEMD_ANALYZE = findProgram('systemd-analyze');

describe('the shipped systemd unit (deploy/selah@.service)', () => {
  it.skipIf(!SYSTEMD_ANALYZE)(`passes systemd-analyze verify with no warning${SYSTEMD_ANALYZE ? '' : ' (skipped: systemd-analyze is not installed)'}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'selah-unit-'));
    try {
      // A template is verified through an instance: the port the process listens on.
      copyFileSync(UNIT, join(dir, 'selah@.service'));
      copyFileSync(UNIT, join(dir, 'selah@3001.service'));
      const verified = spawnSync(SYSTEMD_ANALYZE!, ['verify', './selah@3001.service'], { cwd: dir, encoding: 'utf8' });
      // An unknown or malformed option is only a warning to systemd: any line on stderr fails here.
      expect(verified.stderr.trim()).toBe('');
      expect(verified.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('listens on loopback only, on the port its instance names, and keeps the hardening options', () => {
    const unit = readFileSync(UNIT, 'utf8');
    const settings = new Set(unit.split('\n').filter((line) => /^\w+=/.test(line)));
    for (const line of [
      'Environment=HOST=127.0.0.1',
      'Environment=PORT=%i',
      'Environment=DATA_DIR=/var/lib/selah/%i',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
      'CapabilityBoundingSet=',
      'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX',
      'SystemCallFilter=@system-service',
    ]) {
      expect(settings, line).toContain(line);
    }
    // It runs as its own user, never root.
    expect(settings).toContain('User=selah');
  });
});
