/**
 * A broken target for the chaos self test: a front server over the reference that, on each route in
 * turn, answers the way broken deployments do: an HTML error page from a proxy, an empty body, a
 * truncated JSON body, a 500, a huge body, or nothing at all. The first request on each route passes
 * through untouched (so preflight, which makes one request per route it checks, lets the run start).
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { buildReference } from '../../reference/app.ts';

export const ChaosModes = [
  'pass-through',
  'html-error-page',
  'empty-body',
  'truncated-json',
  'server-error',
  'huge-body',
  'no-answer',
] as const;
export type ChaosMode = (typeof ChaosModes)[number];

/** Bigger than any sane response of this API, small enough not to strain a CI runner. */
export const HUGE_BODY_BYTES = 2 * 1024 * 1024;

const HTML_ERROR_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const HUGE_BODY = (() => {
  const line =
    '    at Illuminate\\Pipeline\\Pipeline->Illuminate\\Pipeline\\{closure}(Object(Illuminate\\Http\\Request)) #42 vendor/laravel/framework/src\n';
  const head = '<!DOCTYPE html><html><head><title>Whoops! There was an error.</title></head><body><pre>\n';
  return Buffer.from((head + line.repeat(Math.ceil(HUGE_BODY_BYTES / line.length))).slice(0, HUGE_BODY_BYTES));
})();

export interface ChaosTarget {
  readonly app: FastifyInstance;
  /** How many requests got each mode, for the self test's report. */
  readonly served: Readonly<Record<ChaosMode, number>>;
}

/** `PATCH /api/core/v1/products/service/12?x=1` → `PATCH /api/core/v1/products/service/{id}`. */
const routeOf = (request: FastifyRequest) =>
  `${request.method} ${request.url.split('?')[0]?.replace(/\/\d+(?=\/|$)/g, '/{id}') ?? ''}`;

export function buildChaosTarget(options: { readonly token: string }): ChaosTarget {
  const reference = buildReference({ token: options.token });
  // forceCloseConnections: the requests held by `no-answer` must not keep close() waiting.
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 64 * 1024 * 1024 });
  const perRoute = new Map<string, number>();
  const served = Object.fromEntries(ChaosModes.map((m) => [m, 0])) as Record<ChaosMode, number>;

  // Bodies are passed on as the exact bytes received: the reference judges them, not this proxy.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addHook('onClose', async () => reference.app.close());

  app.all('/*', async (request, reply) => {
    const route = routeOf(request);
    const count = perRoute.get(route) ?? 0;
    perRoute.set(route, count + 1);
    const mode = ChaosModes[count % ChaosModes.length] ?? 'pass-through';
    served[mode] += 1;
    if (mode === 'no-answer') {
      reply.hijack();
      return reply;
    }
    const { host: _host, 'content-length': _length, connection: _connection, ...headers } = request.headers;
    const upstream = await reference.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...headers, host: request.headers.host ?? 'localhost' },
      ...(Buffer.isBuffer(request.body) ? { payload: request.body } : {}),
    });
    return answer(
      reply,
      mode,
      upstream.statusCode,
      String(upstream.headers['content-type'] ?? 'application/json'),
      upstream.rawPayload,
    );
  });

  return { app, served };
}

function answer(
  reply: FastifyReply,
  mode: Exclude<ChaosMode, 'no-answer'>,
  status: number,
  contentType: string,
  body: Buffer,
) {
  switch (mode) {
    case 'pass-through':
      return reply.code(status).type(contentType).send(body);
    case 'html-error-page':
      return reply.code(502).type('text/html').send(HTML_ERROR_PAGE);
    case 'empty-body':
      return reply.code(status).type('application/json').send('');
    case 'truncated-json':
      return reply
        .code(status)
        .type('application/json')
        .send(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
    case 'server-error':
      return reply.code(500).type('application/json').send('{"message":"Server Error"}');
    case 'huge-body':
      return reply.code(status).type('text/html; charset=UTF-8').send(HUGE_BODY);
  }
}
