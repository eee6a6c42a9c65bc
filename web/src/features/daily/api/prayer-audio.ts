import type { AudioReply } from '#common/contracts/audio.ts';
import { AUDIO_TIMEOUT_MS } from '#common/audio/rules.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { withTimeout } from '../../audio/api/audio.ts';

/**
 * POST /api/prayers/{id}/audio: the stored prayer read aloud, waited for as long as chapter audio.
 * Apart from the prayer's queries so that the pages' first script does not carry the audio code.
 */
export function requestPrayerAudio(prayerId: string): Promise<AudioReply> {
  return withTimeout(apiPost<AudioReply>(`/api/prayers/${encodeURIComponent(prayerId)}/audio`, {}), AUDIO_TIMEOUT_MS);
}
