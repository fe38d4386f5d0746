/**
 * The yardstick of the load section: a bare Fastify server (no plugins, no hooks, no database)
 * whose routes answer constant bodies, each the same size and type as one of the API's answers.
 * Started as its own process, like the site: `tsx bare-server.ts <bodies.json> <port>`, where
 * bodies.json maps a route name to { method, body } and each is served at /bare/<name>.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(file!, 'utf8')) as Record<
  string,
  { method: 'GET' | 'POST'; body: string }
>;

const app = Fastify({ logger: false });
for (const [name, { method, body }] of Object.entries(routes)) {
  const payload = Buffer.from(body);
  app.route({
    method,
    url: `/bare/${name}`,
    handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(payload),
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
