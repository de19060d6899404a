import { describe, expect, it } from 'vitest';
import { logoContentType } from './logo-image.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('logoContentType: the image type from its first bytes', () => {
  it('knows PNG, JPEG and WebP by their signatures', () => {
    expect(logoContentType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(logoContentType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(logoContentType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG, GIF, HTML, a RIFF that is not WebP, a cut-off signature and nothing at all', () => {
    expect(
      logoContentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(logoContentType(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(logoContentType(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(logoContentType(bytes('<html><body>'))).toBeNull();
    expect(logoContentType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(logoContentType(bytes([0x89], 'PNG'))).toBeNull();
    expect(logoContentType(new Uint8Array())).toBeNull();
  });
});
