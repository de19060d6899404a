import { describe, expect, it } from 'vitest';
import { bundleChunks } from './bundle-chunks.ts';

describe('the chunks of a bundle', () => {
  it('keeps each chunk with its imports, style sheets and other files, and leaves the assets out', () => {
    const bundle = {
      'assets/index.js': {
        type: 'chunk',
        fileName: 'assets/index.js',
        facadeModuleId: '/app/index.html',
        isEntry: true,
        imports: ['assets/framework.js'],
        dynamicImports: ['assets/crew-page.js'],
        viteMetadata: { importedCss: new Set(['assets/index.css']), importedAssets: new Set(['assets/logo.svg']) },
      },
      'assets/crew-page.js': {
        type: 'chunk',
        fileName: 'assets/crew-page.js',
        facadeModuleId: null,
        isEntry: false,
        imports: [],
        dynamicImports: [],
      },
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
    };
    expect(bundleChunks(bundle)).toEqual([
      {
        fileName: 'assets/index.js',
        facadeModuleId: '/app/index.html',
        isEntry: true,
        imports: ['assets/framework.js'],
        dynamicImports: ['assets/crew-page.js'],
        css: ['assets/index.css'],
        assets: ['assets/logo.svg'],
      },
      {
        fileName: 'assets/crew-page.js',
        facadeModuleId: null,
        isEntry: false,
        imports: [],
        dynamicImports: [],
        css: [],
        assets: [],
      },
    ]);
  });
});
