import type { CallRoute } from './calls.ts';
import type { CallMethod } from './define-call.ts';

/** How a declared call travels: its method, its path, and what is left of its input to send. */
export interface CallRequest {
  method: CallMethod;
  /** The full path, `/api/...`, with its `:name` parameters filled in. */
  path: string;
  /** The input without the path's parameters: the query of a GET or DELETE, the JSON body of a POST. */
  sent: Record<string, unknown>;
}

/**
 * A declared call's request from its name and input (decision 0019):
 * `POST /api/update-flight/` is a POST to that path; a `:name` in the path is
 * filled in from the input's field of that name (encoded), which is not sent
 * again. The web app's `call()`, the field outbox's transport and the server
 * tests' client all send a call so. No schema here: the web app's bundles
 * import it without zod.
 */
export function callRequest(route: CallRoute, input: object | undefined): CallRequest {
  const space = route.indexOf(' ');
  const sent: Record<string, unknown> = { ...input };
  const path = route.slice(space + 1).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = sent[name];
    delete sent[name];
    return encodeURIComponent(String(value));
  });
  return { method: route.slice(0, space) as CallMethod, path, sent };
}
