import { describe, expect, it } from 'vitest';
import type { LibraryJob } from '#common/contracts/library.ts';
import { actionsFor, blockedReason, formatBytes, jobSummary, progressText, readAgo } from './library-format.ts';
import { libraryModule } from './library-module.testing.ts';

const job = (over: Partial<LibraryJob>): LibraryJob => ({
  id: '1',
  action: 'install',
  module: 'KJV',
  repository: 'CrossWire',
  state: 'queued',
  bytesDone: 0,
  bytesTotal: null,
  percent: null,
  message: null,
  requestedAt: '2026-11-27T12:00:00Z',
  finishedAt: null,
  ...over,
});

describe('formatBytes: a module size as people read it', () => {
  it('writes bytes, kilobytes, megabytes and gigabytes with one decimal where it helps', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(3_040_870)).toBe('2.9 MB');
    expect(formatBytes(1_288_490_189)).toBe('1.2 GB');
    expect(formatBytes(1_234 * 1024 * 1024)).toBe('1.2 GB');
  });
  it('drops a trailing .0 and never shows a fraction of a byte', () => {
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1023.7)).toBe('1,024 B');
  });
});

describe('progressText: bytes of a job', () => {
  it('says how much of how much once the size is known', () => {
    expect(progressText(job({ bytesDone: 1_258_291, bytesTotal: 3_040_870 }))).toBe('1.2 MB of 2.9 MB');
  });
  it('says only how much while the size is unknown', () => {
    expect(progressText(job({ bytesDone: 1_258_291, bytesTotal: null }))).toBe('1.2 MB');
  });
});

describe('jobSummary: what a job is doing, in words', () => {
  it('names the action and module for each state', () => {
    expect(jobSummary(job({ state: 'queued' }))).toBe('Install KJV: waiting');
    expect(jobSummary(job({ state: 'running', percent: 40 }))).toBe('Installing KJV: 40%');
    expect(jobSummary(job({ state: 'running', action: 'update' }))).toBe('Updating KJV');
    expect(jobSummary(job({ state: 'running', action: 'remove' }))).toBe('Removing KJV');
    expect(jobSummary(job({ state: 'done', action: 'remove' }))).toBe('Removed KJV');
    expect(jobSummary(job({ state: 'done', action: 'update' }))).toBe('Updated KJV');
    expect(jobSummary(job({ state: 'failed' }))).toBe('Install KJV failed');
    expect(jobSummary(job({ state: 'cancelled' }))).toBe('Install KJV cancelled');
  });
});

describe('readAgo: when a catalogue was last read', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('counts back in the largest whole unit', () => {
    expect(readAgo('2026-11-27T11:59:40Z', now)).toBe('this minute');
    expect(readAgo('2026-11-27T11:55:00Z', now)).toBe('5 minutes ago');
    expect(readAgo('2026-11-27T09:00:00Z', now)).toBe('3 hours ago');
    expect(readAgo('2026-11-26T10:00:00Z', now)).toBe('yesterday');
    expect(readAgo('2026-11-17T12:00:00Z', now)).toBe('10 days ago');
  });
  it('says never for a catalogue not read yet', () => {
    expect(readAgo(null, now)).toBe('never');
  });
});

describe('actionsFor and blockedReason: what an admin can do with a module', () => {
  it('offers Install for an installable module not installed', () => {
    expect(actionsFor(libraryModule({}))).toEqual(['install']);
    expect(blockedReason(libraryModule({}))).toBeNull();
  });
  it('offers Remove for an installed module, and Update first when the repository has a newer version', () => {
    expect(actionsFor(libraryModule({ installedVersion: '3.1' }))).toEqual(['remove']);
    expect(actionsFor(libraryModule({ installedVersion: '3.0', updateAvailable: true }))).toEqual(['update', 'remove']);
  });
  it('offers nothing to install for a locked, refused or unsupported module, and says why', () => {
    expect(actionsFor(libraryModule({ locked: true }))).toEqual([]);
    expect(blockedReason(libraryModule({ locked: true }))).toBe('Locked: this module is enciphered and needs a key, so Selah does not install it.');
    const refused = libraryModule({
      licence: { text: 'Copyrighted', installable: false, nonCommercial: false, reason: 'Copyrighted: no permission to share it.' },
    });
    expect(actionsFor(refused)).toEqual([]);
    expect(blockedReason(refused)).toBe('Copyrighted: no permission to share it.');
    const unsupported = libraryModule({ unsupported: 'Selah does not read the RawGenBook driver.' });
    expect(actionsFor(unsupported)).toEqual([]);
    expect(blockedReason(unsupported)).toBe('Selah does not read the RawGenBook driver.');
  });
  it('still offers Remove for an installed module that could not be installed today', () => {
    expect(actionsFor(libraryModule({ locked: true, installedVersion: '1.0' }))).toEqual(['remove']);
  });
});
