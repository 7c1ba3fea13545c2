// The baseline for bench/upload: a bare Node HTTP server that takes one streamed PUT and pipes the
// body to a file in BARE_UPLOAD_DIR, synced once at the end (so the bytes are on disk when it
// answers, as they are when the chunked upload answers), then answers with the byte count. No
// framework, no checks. Prints its port once it listens.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.BARE_UPLOAD_DIR;
if (!dir) throw new Error('BARE_UPLOAD_DIR is not set');

const server = http.createServer(async (request, response) => {
  if (request.method !== 'PUT') {
    response.writeHead(405).end();
    return;
  }
  try {
    const file = path.join(dir, 'upload.bin');
    const out = fs.createWriteStream(file);
    await pipeline(request, out);
    const handle = await fs.promises.open(file, 'r+');
    await handle.datasync();
    await handle.close();
    const { size } = await fs.promises.stat(file);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ size }));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
