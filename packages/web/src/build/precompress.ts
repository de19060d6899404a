import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Brotli and gzip copies of the built text files (decision 0009), written once
 * at build time at the strongest settings, so the server sends each file
 * compressed (`@fastify/static` `preCompressed`) without compressing it on
 * every request. Build-time code for vite.config.ts.
 */

/** Text files worth compressing; images and fonts in this app are already compressed formats. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** Below this a compressed copy saves less than a packet, and may be larger than the file. */
const MIN_BYTES = 256;

export interface Compressed {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

/** `bytes` as brotli at quality 11 and gzip at level 9. */
export function compressBoth(bytes: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: gzipSync(bytes, { level: 9 }),
  };
}

/**
 * Writes FILE.br and FILE.gz beside every compressible file under `dir` (not
 * in dot folders such as .vite/, which are not served), each only when it is
 * smaller than the file: the server sends the file itself otherwise.
 */
export function precompressDir(dir: string): Compressed[] {
  const done: Compressed[] = [];
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const bytes = readFileSync(path);
    const result: Compressed = { file: relative(dir, path), bytes: bytes.length };
    if (bytes.length >= MIN_BYTES) {
      const { br, gzip } = compressBoth(bytes);
      if (br.length < bytes.length) {
        writeFileSync(`${path}.br`, br);
        result.br = br.length;
      }
      if (gzip.length < bytes.length) {
        writeFileSync(`${path}.gz`, gzip);
        result.gzip = gzip.length;
      }
    }
    done.push(result);
  }
  return done;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** The Vite plugin: after everything else is written (the service worker and web manifest included), compress dist. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'flightline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = precompressDir(outDir);
        const total = (key: 'bytes' | 'br') => files.reduce((sum, f) => sum + (f[key] ?? f.bytes), 0);
        this.info(
          `precompressed ${files.length} files: ` +
            `${Math.round(total('bytes') / 1000)} kB, ` +
            `${Math.round(total('br') / 1000)} kB as brotli`,
        );
      },
    },
  };
}
