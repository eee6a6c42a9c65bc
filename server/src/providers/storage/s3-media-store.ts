import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { AppConfig } from '../../config.ts';
import { appMediaUrl, assertKey, contentTypeOf, type MediaInfo, type MediaStore } from './media-store.ts';

/** Media in an S3-compatible bucket (MEDIA_S3_*): for several app servers, or storage kept apart. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly config: NonNullable<AppConfig['mediaS3']>) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Most S3-compatible servers address buckets by path, not by host name.
      forcePathStyle: true,
      // Checksums only where the operation needs one: some S3-compatible servers store the SDK's
      // streaming checksum framing as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * A bucket that is not there is made, so a new site (compose.yaml's MinIO) needs no step of its own.
   * Several processes starting at once may each try: one that finds it made by another is content.
   */
  async prepare(): Promise<'ready' | 'created'> {
    const bucket = { Bucket: this.config.bucket };
    // A store that does not answer holds the start up no longer than this.
    const abortSignal = AbortSignal.timeout(10_000);
    try {
      await this.client.send(new HeadBucketCommand(bucket), { abortSignal });
      return 'ready';
    } catch (error) {
      if (!(error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand(bucket), { abortSignal });
    } catch (error) {
      if (!(error instanceof S3ServiceException && ['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes(error.name))) throw error;
    }
    return 'created';
  }

  async stat(key: string): Promise<MediaInfo | undefined> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? contentTypeOf(key), etag: head.ETag ?? `"${key}"` };
    } catch (error) {
      if (error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
      throw error;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertKey(key);
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    return object.Body instanceof Readable ? object.Body : Readable.from([]);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  /** S3 answers a missing key's deletion with success too. */
  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  url(key: string): string {
    return this.config.publicUrl ? `${this.config.publicUrl}/${key}` : appMediaUrl(key);
  }
}
