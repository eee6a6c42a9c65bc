// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryJob, LibraryModule } from '#common/contracts/library.ts';
import { LibraryModuleRow } from './LibraryModuleRow.tsx';
import { libraryModule } from '../library-module.testing.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MHCC = libraryModule({ name: 'MHCC', kind: 'commentary', description: "Matthew Henry's Concise Commentary", version: '1.1' });

function renderRow(module: Partial<LibraryModule> = {}, props: { job?: LibraryJob; busy?: boolean } = {}) {
  const onAction = vi.fn();
  const onOpen = vi.fn();
  const row = { ...MHCC, ...module };
  render(
    <ul>
      <LibraryModuleRow module={row} onAction={onAction} onOpen={onOpen} busy={props.busy ?? false} job={props.job} />
    </ul>,
  );
  return { row, onAction, onOpen };
}

const buttonNames = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('a module in the admin library list', () => {
  it('says what it is in one line, its size in kB and MB as file managers count them, and its licence', () => {
    renderRow();
    expect(screen.getByRole('heading', { level: 4 }).textContent).toBe("Matthew Henry's Concise Commentary");
    expect(screen.getByText(/^MHCC · English/).textContent).toBe('MHCC · English · Commentaries · version 1.1 · 2.9 MB · CrossWire');
    expect(screen.getByText(/^Licence:/).textContent).toBe('Licence: Public Domain');
    expect(screen.queryByText(/^Installed/)).toBeNull();
  });

  it('offers Install when it is not installed, and acts on the module named', () => {
    const { row, onAction, onOpen } = renderRow();
    expect(buttonNames()).toEqual(['About MHCC', 'Install MHCC']);
    fireEvent.click(screen.getByRole('button', { name: 'Install MHCC' }));
    expect(onAction).toHaveBeenCalledWith(row, 'install');
    fireEvent.click(screen.getByRole('button', { name: 'About MHCC' }));
    expect(onOpen).toHaveBeenCalledWith(row);
  });

  it('offers Update and Remove when a newer version is there, and removes only once the admin confirms', () => {
    const { row, onAction } = renderRow({ installedVersion: '1.0', updateAvailable: true });
    expect(screen.getByText(/^Installed/).textContent).toBe('Installed (version 1.0); version 1.1 is available');
    expect(buttonNames()).toEqual(['About MHCC', 'Update MHCC', 'Remove MHCC']);
    // The browser's own dialog, answered "Cancel" then "OK".
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Remove MHCC' }));
    expect(onAction).not.toHaveBeenCalled();
    expect(confirm).toHaveBeenLastCalledWith("Remove MHCC (Matthew Henry's Concise Commentary) from this site? Readers will no longer see it.");
    fireEvent.click(screen.getByRole('button', { name: 'Remove MHCC' }));
    expect(onAction).toHaveBeenCalledWith(row, 'remove');
  });

  it('offers nothing to install, and says why, when it is locked, its licence refuses it or Selah cannot read it', () => {
    renderRow({ locked: true });
    expect(buttonNames()).toEqual(['About MHCC']);
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.getByText(/enciphered and needs a key/)).toBeTruthy();
    cleanup();
    renderRow({
      licence: {
        text: 'Copyrighted; permission to distribute granted to CrossWire',
        installable: false,
        nonCommercial: true,
        reason: 'Only CrossWire may share it.',
      },
    });
    expect(buttonNames()).toEqual(['About MHCC']);
    expect(screen.getByText('Non-commercial')).toBeTruthy();
    expect(screen.getByText('Only CrossWire may share it.')).toBeTruthy();
    cleanup();
    renderRow({ unsupported: 'Selah does not read this versification.' });
    expect(buttonNames()).toEqual(['About MHCC']);
    // An installed module can always be removed, whatever else is said of it.
    cleanup();
    renderRow({ unsupported: 'Selah does not read this versification.', installedVersion: '1.1' });
    expect(buttonNames()).toEqual(['About MHCC', 'Remove MHCC']);
  });

  it('shows what its job is doing instead of buttons while one is under way, and disables them while busy', () => {
    const job: LibraryJob = {
      id: '7',
      action: 'install',
      module: 'MHCC',
      repository: 'CrossWire',
      state: 'running',
      bytesDone: 1_000_000,
      bytesTotal: 3_000_000,
      percent: 33,
      message: null,
      requestedAt: '2026-11-28T12:00:00.000Z',
      finishedAt: null,
    };
    renderRow({}, { job });
    expect(buttonNames()).toEqual(['About MHCC']);
    expect(screen.getByText('Installing MHCC: 33%')).toBeTruthy();
    cleanup();
    renderRow({}, { busy: true });
    expect((screen.getByRole('button', { name: 'Install MHCC' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
