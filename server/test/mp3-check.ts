import { MPEGDecoder } from 'mpg123-decoder';

/** Decodes an MP3 the way a player would (mpg123), for tests and the audio benchmark (files without an ID3 tag). */
export async function decodeMp3(bytes: Uint8Array): Promise<{ seconds: number; sampleRate: number; mono: boolean; errors: number; peak: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(bytes);
    let peak = 0;
    for (const x of decoded.channelData[0] ?? []) peak = Math.max(peak, Math.abs(x));
    return {
      seconds: decoded.samplesDecoded / decoded.sampleRate,
      sampleRate: decoded.sampleRate,
      // The decoder always gives two channels; the first frame's header says what was encoded.
      mono: bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && bytes[3]! >> 6 === 3,
      errors: decoded.errors.length,
      peak,
    };
  } finally {
    decoder.free();
  }
}
