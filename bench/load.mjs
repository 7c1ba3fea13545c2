// A small HTTP/1.1 load generator for loopback: N keep-alive connections, each sending one GET,
// reading its response, sending the next. Raw sockets rather than http.Agent: on a 2-core machine
// the client must cost less than the server it measures, or every rate is the client's.
import net from 'node:net';

/**
 * GETs `path` on 127.0.0.1:`port` over `connections` connections for `durationMs` (at most
 * `maxRequests` in all). Returns completed 200s, other answers and errors, seconds, and the rate
 * and this process's CPU share while it ran (near 100% means the client was the limit).
 */
export async function load({
  port,
  path,
  headers = {},
  connections = 16,
  durationMs,
  maxRequests = 5_000_000,
}) {
  const lines = [`GET ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  const result = { ok: 0, failed: 0, errors: 0 };
  let sent = 0;
  const deadline = Date.now() + durationMs;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, () =>
      connection(port, request, deadline, result, () => sent++ < maxRequests),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { ...result, seconds, rate: result.ok / seconds, cpu: (used.user + used.system) / 1e6 / seconds };
}

function connection(port, request, deadline, result, maysend) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    let buffer = Buffer.alloc(0);
    const send = () => {
      if (Date.now() < deadline && maysend()) socket.write(request);
      else socket.end();
    };
    // A response that never comes must not hold the run: give up a little after the deadline.
    const guard = setTimeout(() => socket.destroy(), Math.max(0, deadline - Date.now()) + 5_000);
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = buffer.toString('latin1', 0, headEnd);
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (!length) {
          // Our servers always send a length for JSON; anything else is counted and dropped.
          result.errors++;
          socket.destroy();
          return;
        }
        const end = headEnd + 4 + Number(length[1]);
        if (buffer.length < end) return;
        if (head.startsWith('HTTP/1.1 200 ')) result.ok++;
        else result.failed++;
        buffer = buffer.subarray(end);
        send();
      }
    });
    socket.on('error', () => result.errors++);
    socket.on('close', () => {
      clearTimeout(guard);
      resolve();
    });
  });
}
