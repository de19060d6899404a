import type { Rollup } from 'vite';

/** What the bundler says about one output chunk, for the build's own plugins. */
export interface BundleChunk {
  fileName: string;
  /** The module the chunk stands for (absolute path): for a lazily loaded screen, its page module. */
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /** The style sheets the chunk loads with it. */
  css: string[];
  /** Other files it loads (images, fonts). */
  assets: string[];
}

/** The chunks of a bundle (generateBundle's, or transformIndexHtml's context.bundle), leaving its assets out. */
export function bundleChunks(bundle: Record<string, { type: string }>): BundleChunk[] {
  const chunks: BundleChunk[] = [];
  for (const output of Object.values(bundle) as (Rollup.OutputChunk | { type: 'asset' })[]) {
    if (output.type !== 'chunk') continue;
    chunks.push({
      fileName: output.fileName,
      facadeModuleId: output.facadeModuleId,
      isEntry: output.isEntry,
      imports: output.imports,
      dynamicImports: output.dynamicImports,
      css: [...(output.viteMetadata?.importedCss ?? [])],
      assets: [...(output.viteMetadata?.importedAssets ?? [])],
    });
  }
  return chunks;
}
