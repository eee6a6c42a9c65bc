import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { PLAYBACK_SPEEDS, SKIP_SECONDS, SLIDER_STEP, type PlaybackSpeed } from '#common/audio/rules.ts';
import { formatTime } from '../player-state.ts';

interface Props {
  playing: boolean;
  position: number;
  duration: number;
  speed: PlaybackSpeed;
  onToggle: () => void;
  onSeek: (seconds: number) => void;
  onSkip: (by: number) => void;
  onSpeed: (speed: PlaybackSpeed) => void;
  /** What is playing, for the controls' names ("Play John 3 (KJV)"). */
  title: string;
}

/** Spec §2 Audio player: the slider, elapsed and remaining time, back and forward 15 s, play/pause, speed. */
export function PlayerControls({ playing, position, duration, speed, onToggle, onSeek, onSkip, onSpeed, title }: Props) {
  return (
    <div className="flex flex-col gap-2">
      <input
        type="range"
        min={0}
        max={Math.max(duration, SLIDER_STEP)}
        step={SLIDER_STEP}
        value={position}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label="Position"
        aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
        className="h-11 w-full accent-orange-800 dark:accent-orange-300"
      />
      <div className="flex justify-between text-xs text-stone-600 tabular-nums dark:text-stone-400">
        <span aria-label="Elapsed">{formatTime(position)}</span>
        <span aria-label="Remaining">-{formatTime(duration - position)}</span>
      </div>
      <div className="flex items-center justify-center gap-2">
        <button type="button" className="icon-button" aria-label={`Back ${SKIP_SECONDS} seconds`} onClick={() => onSkip(-SKIP_SECONDS)}>
          <RotateCcw aria-hidden size={20} />
        </button>
        <button
          type="button"
          className="grid h-14 w-14 place-items-center rounded-full bg-orange-800 text-white hover:bg-orange-900 dark:bg-orange-300 dark:text-stone-950 dark:hover:bg-orange-200"
          aria-label={`${playing ? 'Pause' : 'Play'} ${title}`}
          onClick={onToggle}
        >
          {playing ? <Pause aria-hidden size={24} /> : <Play aria-hidden size={24} className="translate-x-0.5" />}
        </button>
        <button type="button" className="icon-button" aria-label={`Forward ${SKIP_SECONDS} seconds`} onClick={() => onSkip(SKIP_SECONDS)}>
          <RotateCw aria-hidden size={20} />
        </button>
        <select
          value={speed}
          onChange={(e) => onSpeed(Number(e.target.value) as PlaybackSpeed)}
          className="input ml-2 min-h-11 w-20 py-1 text-sm"
          aria-label="Playback speed"
        >
          {PLAYBACK_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
