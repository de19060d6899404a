import type { OpenApiOperation } from '../../http/route.ts';

/** An OpenAPI 3.1 document built from the same zod schemas the routes parse with. */
export function buildOpenApi(ops: OpenApiOperation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const path = op.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const query = op.query as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    const pathParams = op.params as { properties?: Record<string, unknown> } | undefined;
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      summary: op.summary,
      'x-access': op.access,
      parameters: [
        ...Object.entries(pathParams?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'path',
          required: true,
          schema,
        })),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: query?.required?.includes(name) ?? false,
          schema,
        })),
      ],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
      responses: {
        '200': op.answer
          ? { description: 'Success', content: { 'application/json': { schema: op.answer } } }
          : { description: 'Success' },
        '4XX': {
          description: 'Refused: { statusCode, error, message }',
        },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Flightline API', version }, paths };
}
