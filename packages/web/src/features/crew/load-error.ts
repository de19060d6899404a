import { ApiError, NO_RESPONSE_STATUS } from '../../lib/api.ts';

/** The crew page's load failure as the spec words it: the status, 600 when no answer came. */
export function crewLoadError(error: unknown): string {
  const status = error instanceof ApiError ? error.status : NO_RESPONSE_STATUS;
  return `Could not load crew page (code: ${status})`;
}
