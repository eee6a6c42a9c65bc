import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { LocalMediaStore } from './local-media-store.ts';
import type { MediaStore } from './media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';

/** The bucket when MEDIA_S3_* is set, else a folder in the data folder. */
export function createMediaStore(config: Pick<AppConfig, 'dataDir' | 'mediaS3'>): MediaStore {
  return config.mediaS3 ? new S3MediaStore(config.mediaS3) : new LocalMediaStore(join(config.dataDir, 'media'));
}
