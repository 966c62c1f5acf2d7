// The security headers (@fastify/helmet's: content security policy, frame and referrer policies,
// HSTS...) computed once at start, then set on every answer by one hook. @fastify/helmet builds
// helmet's middleware again for every request (its options parsed, its directives rewritten): about
// a tenth of a small read's server time. The headers are the same for every request (no nonces),
// so they are what helmet sets on one request of a scratch server with the same options.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What these helmet options set on an answer, by header name. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const scratch = Fastify({ logger: false });
  try {
    // The headers of any answer (type, length, date) are not helmet's.
    const plain = await answerHeaders(scratch, null);
    const withHelmet = Fastify({ logger: false });
    try {
      const set = await answerHeaders(withHelmet, options);
      return Object.entries(set).filter(([name, value]) => !(name in plain) && typeof value === 'string') as [string, string][];
    } finally {
      await withHelmet.close();
    }
  } finally {
    await scratch.close();
  }
}

async function answerHeaders(app: FastifyInstance, options: FastifyHelmetOptions | null): Promise<Record<string, unknown>> {
  if (options) await app.register(helmet, options);
  app.get('/', async () => ({}));
  const answer = await app.inject('/');
  return { ...answer.headers };
}

/** Sets `headers` on every answer, as helmet would (on the raw answer: a hijacked stream's too). */
export function installSecurityHeaders(app: FastifyInstance, headers: readonly [string, string][]): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
