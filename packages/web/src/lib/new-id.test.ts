import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './new-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys and flight ids made by the phone', () => {
  it('uses randomUUID where the page has it', () => {
    expect(
      newIdempotencyKey({ randomUUID: () => '11111111-1111-4111-8111-111111111111', getRandomValues: (a) => a }),
    ).toBe('11111111-1111-4111-8111-111111111111');
    expect(newIdempotencyKey(webcrypto as unknown as Crypto)).toMatch(UUID_V4);
  });

  it('builds a version-4 UUID from random bytes on a plain-http page', () => {
    const id = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        new Uint8Array(array!.buffer).fill(0xff);
        return array;
      },
    });
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(id).toMatch(UUID_V4);
  });

  it('is a fresh one each time without randomUUID', () => {
    const withoutRandomUUID = { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) } as unknown as Pick<
      Crypto,
      'getRandomValues'
    >;
    const a = newIdempotencyKey(withoutRandomUUID);
    const b = newIdempotencyKey(withoutRandomUUID);
    expect(a).toMatch(UUID_V4);
    expect(b).toMatch(UUID_V4);
    expect(a).not.toBe(b);
  });
});
