// s3rver ships no types: what the media tests use of it.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { address: string; port: number; directory: string; silent?: boolean; configureBuckets?: { name: string; configs: string[] }[] });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
