// The security headers set once per answer (http/security-headers.ts) are the ones
// @fastify/helmet sets itself, on an answer, a refusal and a route that does not exist.
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, installSecurityHeaders } from '../../src/server/http/security-headers';

const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'self'"], upgradeInsecureRequests: null } }, crossOriginEmbedderPolicy: false };

async function answers(app: FastifyInstance) {
  app.get('/ok', async () => ({ ok: true }));
  app.get('/refused', async (_request, reply) => reply.status(403).send({ message: 'no' }));
  const out = [];
  for (const url of ['/ok', '/refused', '/nowhere']) {
    const { headers, statusCode } = await app.inject(url);
    delete headers.date;
    out.push({ url, statusCode, headers });
  }
  await app.close();
  return out;
}

describe('security headers', () => {
  it("are helmet's own, on every answer", async () => {
    const computed = await helmetHeaders(options);
    expect(Object.fromEntries(computed)).toMatchObject({ 'content-security-policy': expect.stringContaining("frame-ancestors 'self'"), 'x-content-type-options': 'nosniff' });
    const withHelmet = Fastify();
    await withHelmet.register(helmet, options);
    const ours = Fastify();
    installSecurityHeaders(ours, computed);
    expect(await answers(ours)).toEqual(await answers(withHelmet));
  });
});
