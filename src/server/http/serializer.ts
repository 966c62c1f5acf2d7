// Fastify's serializer for the answers whose schema writes them (the engine's reads), as its default
// one builds it (fast-json-stringify, no shared schemas), kept by the schema's text: each app built
// in a process (the API tests build one per file) makes its routes' schemas anew, and building
// their serializers again was a tenth of an app's start.
import fastJsonStringify from 'fast-json-stringify';

type Serialize = (data: unknown) => string;

const built = new Map<string, Serialize>();

export function routeSerializer({ schema }: { schema: unknown }): Serialize {
  const key = JSON.stringify(schema);
  let serialize = built.get(key);
  if (!serialize) {
    serialize = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serialize;
    built.set(key, serialize);
  }
  return serialize;
}
