/** Mono 16-bit PCM and its sample rate: what the engines give and the MP3 encoder takes. */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

/**
 * Reads a PCM WAV file (flite's, or a speech service's). Streaming servers write 0 or 0xFFFFFFFF as the
 * data size, so a size past the end means "to the end".
 */
export function parseWav(bytes: Uint8Array): Pcm {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number; code: number } | undefined;
  let data: Buffer | undefined;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    let size = buf.readUInt32LE(offset + 4);
    if (offset + 8 + size > buf.length || (id === 'data' && size === 0)) size = buf.length - offset - 8;
    if (id === 'fmt ' && size >= 16) {
      format = {
        code: buf.readUInt16LE(offset + 8),
        channels: buf.readUInt16LE(offset + 10),
        sampleRate: buf.readUInt32LE(offset + 12),
        bits: buf.readUInt16LE(offset + 22),
      };
    }
    if (id === 'data') data = buf.subarray(offset + 8, offset + 8 + size);
    offset += 8 + size + (size & 1);
  }
  if (!format || !data) throw new Error('a WAV file without its format or data');
  if (format.code !== 1 || format.bits !== 16) throw new Error(`a WAV file in a format not read here (code ${format.code}, ${format.bits} bits)`);
  const frames = Math.floor(data.length / 2 / format.channels);
  const samples = new Int16Array(frames);
  // Several channels are mixed down: speech is the same in each.
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < format.channels; c++) sum += data.readInt16LE((i * format.channels + c) * 2);
    samples[i] = Math.round(sum / format.channels);
  }
  return { sampleRate: format.sampleRate, samples };
}
