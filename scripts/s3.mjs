// An S3-compatible media store for bench/upload --s3 and the cluster journey: s3rver from npm
// (plain JavaScript, nothing downloaded at install or start; MinIO or Ceph's RGW would be a binary
// or a service of their own), on a free loopback port with one empty bucket.
import S3rver from 's3rver';

/** s3rver's own fixed keys. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Starts s3rver with the bucket `bucket`, its objects under `directory`. Answers its endpoint and
 * keys, the servers' STORAGE_* settings for objects under `prefix` (docs/configure.md#storage),
 * and stop().
 */
export async function startS3Store({ directory, bucket, prefix }) {
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    credentials: KEYS,
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      STORAGE_ENDPOINT: endpoint,
      STORAGE_ACCESS_KEY_ID: KEYS.accessKeyId,
      STORAGE_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      STORAGE_PATH_STYLE: 'true',
    },
    stop: () => s3rver.close(),
  };
}
