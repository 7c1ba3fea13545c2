// The baseline for bench/api: a bare Fastify server with one route that returns a fixed JSON
// (the body given in BARE_BODY), no plugins, no logging. Prints its port once it listens.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BARE_BODY ?? '{"code":220000,"msg":"success","data":null}');
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
