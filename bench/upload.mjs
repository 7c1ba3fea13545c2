// bench/upload: a large file through the chunked upload protocol on the real server (check → init
// → 2 MiB parts, 6 in flight → finish, which verifies the whole file's SHA-256 and stores it)
// against a plain streamed PUT of the same bytes to disk on a bare Node HTTP server
// (bare-upload-server.mjs), in the same run. Prints both throughputs and their ratio; the goal is
// ≥ 0.7.
//   node bench/upload.mjs [--short] [--s3]
// --s3: the server keeps its files in an S3-compatible store (STORAGE_URL, docs/configure.md):
// s3rver from npm, started here on a free port, so the figure is also s3rver's (JavaScript, on
// the same cores); each part is then an object of the store, and the finish reads them back in
// order and sends the whole file to the store.
// The file is a "1 GB" video: 10^9 bytes (videos must stay under 1 GiB), an MP4 header and random
// bytes (the server checks the first part's magic bytes); --short: 128 MiB.
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { launchServer } from '../scripts/launch.mjs';
import { startS3Store } from '../scripts/s3.mjs';
import { startListening } from './bare-server.mjs';
import {
  chunkedUpload,
  pairScreen,
  post,
  registerOwner,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_QUEUE_LIMIT,
} from './owner.mjs';

const GOAL = 0.7;
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@upload.bench.test', password: 'Owner-2024!' };

const short = process.argv.includes('--short');
const onS3 = process.argv.includes('--s3');
const BUCKET = 'vitrine-bench';
const size = short ? 128 * 1024 * 1024 : 1_000_000_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-upload-'));
const dataDir = path.join(workDir, 'data');
const stops = [];
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

try {
  const file = path.join(workDir, 'video.mp4');
  const hash = writeSample(file, size);
  console.log(
    `  file: ${mb(size)} MB (${size.toLocaleString('en-US')} bytes), SHA-256 ${hash.slice(0, 12)}…`,
  );

  const store = onS3 ? await startStore(path.join(workDir, 's3')) : null;
  const server = await launchServer({
    env: {
      ...store?.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CONSOLE_DIR: path.join(workDir, 'no-console'),
      PLAYER_DIR: path.join(workDir, 'no-player'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    logFile: path.join(workDir, 'server.log'),
  });
  stops.push(server.stop);
  const token = await ownerWithDevice(server.url);

  const bare = await startBare(path.join(workDir, 'bare'));
  stops.push(bare.stop);

  // The plain PUT first: the chunked run's stored file then triggers media processing, which must
  // not share the CPU with the baseline.
  const plainSeconds = await plainPut(bare.port, file);
  const bareSize = fs.statSync(path.join(workDir, 'bare', 'upload.bin')).size;
  if (bareSize !== size) throw new Error(`the bare server stored ${bareSize} bytes of ${size}`);
  fs.rmSync(path.join(workDir, 'bare', 'upload.bin'));

  const { seconds: chunkedSeconds } = await chunkedUpload(server.url, token, {
    file,
    hash,
    name: 'bench.mp4',
    mime: 'video/mp4',
  });
  const storedSize = store
    ? await store.size(`media/${hash.slice(0, 2)}/${hash}`)
    : fs.statSync(path.join(dataDir, 'media', hash.slice(0, 2), hash)).size;
  if (storedSize !== size) throw new Error('the stored file has another size');

  const plainRate = size / 1e6 / plainSeconds;
  const chunkedRate = size / 1e6 / chunkedSeconds;
  const ratio = chunkedRate / plainRate;
  console.log(`  plain streamed PUT to disk:   ${plainRate.toFixed(1)} MB/s (${plainSeconds.toFixed(2)} s)`);
  console.log(
    `  chunked upload (check → init → ${UPLOAD_CHUNK_SIZE / 1048576} MiB parts × ${UPLOAD_QUEUE_LIMIT} in flight → finish): ${chunkedRate.toFixed(1)} MB/s (${chunkedSeconds.toFixed(2)} s)`,
  );
  const where = store ? 'S3 driver (s3rver)' : 'local driver (DATA_DIR)';
  console.log(
    `  ratio ${ratio.toFixed(2)} on the ${where} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'met' : 'NOT met'}`,
  );
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}

/** Writes an MP4 header and random bytes up to `total`; answers their SHA-256. */
function writeSample(target, total) {
  const hasher = createHash('sha256');
  const fd = fs.openSync(target, 'w');
  const block = Buffer.alloc(4 * 1024 * 1024);
  try {
    for (let written = 0; written < total; ) {
      const length = Math.min(block.length, total - written);
      const bytes = block.subarray(0, length);
      randomFillSync(bytes);
      if (written === 0) {
        // ftyp box, major brand isom: what the server's magic-byte check reads.
        bytes.writeUInt32BE(24, 0);
        bytes.write('ftypisom\0\0\0\0isomiso2', 4, 'latin1');
      }
      fs.writeSync(fd, bytes);
      hasher.update(bytes);
      written += length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hasher.digest('hex');
}

/**
 * A company owner through the real API with one claimed screen: 500 MB shared + 1 GB for the device
 * holds the file. The admin (system role) has no library and cannot upload.
 */
async function ownerWithDevice(url) {
  const login = await registerOwner(url, dataDir, OWNER);
  const player = await post(url, '/player/hello', null, { info: {} });
  await pairScreen(url, login, { signageId: player.signage_id, pin: player.pin, name: 'Bench screen' });
  return login.token;
}

/** One streamed PUT of the whole file; answers the seconds it took. */
function plainPut(port, file) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'PUT', path: '/upload', headers: { 'content-length': size } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve((performance.now() - started) / 1000)
            : reject(new Error(`the bare PUT answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), request).catch(reject);
  });
}

/** s3rver on a free port with one bucket (scripts/s3.mjs); answers the server's STORAGE_* settings and a size check. */
async function startStore(directory) {
  const store = await startS3Store({ directory, bucket: BUCKET, prefix: 'bench' });
  const client = new S3Client({
    endpoint: store.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: store.credentials,
  });
  stops.push(async () => {
    client.destroy();
    await store.stop();
  });
  return {
    env: store.env,
    size: async (key) =>
      (await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `bench/${key}` }))).ContentLength,
  };
}

function startBare(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const script = path.join(here, 'bare-upload-server.mjs');
  return startListening(script, { BARE_UPLOAD_DIR: dir }, 'the bare upload server');
}

function mb(bytes) {
  return (bytes / 1e6).toFixed(0);
}
