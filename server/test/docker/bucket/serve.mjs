// `server /data` as MinIO is started: an S3 endpoint on port 9000 keeping objects under /data.
import S3rver from 's3rver';

// Reached by its service name (http://bucket:9000), which s3rver would otherwise take for a bucket's.
const server = new S3rver({ address: '0.0.0.0', port: 9000, directory: '/data', silent: false, vhostBuckets: false });
await server.run();
console.log('s3rver listening on :9000');
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
