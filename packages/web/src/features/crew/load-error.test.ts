import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { crewLoadError } from './load-error.ts';

describe('crew page load failure', () => {
  it('gives the status code, 600 when the request itself failed', () => {
    expect(crewLoadError(new ApiError('Forbidden', 403))).toBe('Could not load crew page (code: 403)');
    expect(crewLoadError(new ApiError('Could not reach the server', 600))).toBe('Could not load crew page (code: 600)');
    expect(crewLoadError(new TypeError('boom'))).toBe('Could not load crew page (code: 600)');
  });
});
