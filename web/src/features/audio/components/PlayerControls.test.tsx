// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerControls } from './PlayerControls.tsx';

afterEach(cleanup);

function renderControls(props: Partial<Parameters<typeof PlayerControls>[0]> = {}) {
  const handlers = { onToggle: vi.fn(), onSeek: vi.fn(), onSkip: vi.fn(), onSpeed: vi.fn() };
  const view = render(<PlayerControls playing={false} position={75.4} duration={3725} speed={1} title="John 3 (KJV)" {...handlers} {...props} />);
  return { ...view, ...handlers };
}

describe('the audio player’s controls', () => {
  it('shows where it is: elapsed, remaining and the slider’s value said in words', () => {
    renderControls();
    expect(screen.getByLabelText('Elapsed').textContent).toBe('1:15');
    // 3725 − 75.4 s left: an hour and more is written with hours.
    expect(screen.getByLabelText('Remaining').textContent).toBe('-1:00:49');
    const slider = screen.getByRole('slider', { name: 'Position' }) as HTMLInputElement;
    expect(slider.getAttribute('aria-valuetext')).toBe('1:15 of 1:02:05');
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '3725', '0.1', '75.4']);
  });

  it('names play and pause with what is playing, and toggles', () => {
    const { onToggle, rerender } = renderControls();
    fireEvent.click(screen.getByRole('button', { name: 'Play John 3 (KJV)' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(
      <PlayerControls
        playing
        position={0}
        duration={0}
        speed={1}
        title="John 3 (KJV)"
        onToggle={onToggle}
        onSeek={() => {}}
        onSkip={() => {}}
        onSpeed={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Pause John 3 (KJV)' })).toBeTruthy();
    // A slider with nothing loaded yet still has a range to move in.
    expect((screen.getByRole('slider') as HTMLInputElement).max).toBe('0.1');
  });

  it('skips 15 seconds back and forward, seeks, and changes speed to one of the five', () => {
    const { onSkip, onSeek, onSpeed } = renderControls();
    fireEvent.click(screen.getByRole('button', { name: 'Back 15 seconds' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forward 15 seconds' }));
    expect(onSkip.mock.calls).toEqual([[-15], [15]]);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '120.5' } });
    expect(onSeek).toHaveBeenCalledWith(120.5);
    const speed = screen.getByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement;
    expect([...speed.options].map((o) => o.textContent)).toEqual(['0.75×', '1×', '1.25×', '1.5×', '2×']);
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(onSpeed).toHaveBeenCalledWith(1.5);
  });
});
