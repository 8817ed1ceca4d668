/**
 * A target that counts before it reads, as a paginator running COUNT(*) and then SELECT … LIMIT does
 * on a store other clients write to: the first time each query of the whole list (no filter) is asked,
 * `total` and `last_page` are those of a moment before one more product was added, while the items
 * already include it. A filtered query of a test's own products sees no other client's product.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildReference } from '../../reference/app.ts';

export function buildRacyTarget(options: { readonly token: string }): { app: FastifyInstance; raced: () => number } {
  const reference = buildReference({ token: options.token, variant: 'divergent' });
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  const asked = new Set<string>();
  let raced = 0;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addHook('onClose', async () => reference.app.close());
  app.all('/*', async (request, reply) => {
    const { host: _host, 'content-length': _length, connection: _connection, ...headers } = request.headers;
    const upstream = await reference.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(Buffer.isBuffer(request.body) ? { payload: request.body } : {}),
    });
    const type = String(upstream.headers['content-type'] ?? 'application/json');
    const json = request.method === 'GET' && unfiltered(request.url) ? counted(upstream.body) : undefined;
    if (json && !asked.has(request.url) && json.data.pagination.total > 0) {
      asked.add(request.url);
      raced++;
      const pagination = json.data.pagination;
      pagination.total -= 1;
      pagination.last_page = Math.max(1, Math.ceil(pagination.total / pagination.per_page));
      return reply.code(upstream.statusCode).type(type).send(JSON.stringify(json));
    }
    return reply.code(upstream.statusCode).type(type).send(upstream.rawPayload);
  });
  return { app, raced: () => raced };
}

/** A query that asks for no more than a page: the whole store's list, which other clients' products join. */
function unfiltered(url: string): boolean {
  const query = new URL(url, 'http://target').searchParams;
  return [...query.keys()].every((key) => key === 'page' || key === 'per_page');
}

interface Counted {
  data: { pagination: { total: number; per_page: number; last_page: number } };
}

/** A list answer (`data.pagination` with numbers), or undefined. */
function counted(body: string): Counted | undefined {
  try {
    const json = JSON.parse(body) as Partial<Counted>;
    const p = json.data?.pagination;
    return p && typeof p.total === 'number' && typeof p.per_page === 'number' ? (json as Counted) : undefined;
  } catch {
    return undefined;
  }
}
