/**
 * Which built files the service worker precaches (docs/offline.md): the app
 * shell and every screen a member opens at the field, with everything they
 * load; not the back-office screens, which a phone at the airfield does not
 * need offline and which would make the first visit heavier on a poor signal.
 * Build-time code (vite.config.ts), without Node APIs so the unit tests run it.
 */

/** The lazily loaded back-office screens (app/router.tsx) whose code is left to the network. */
export const BACK_OFFICE_SCREENS = [
  'src/features/admin/admin-page.tsx',
  'src/features/club-settings/club-settings-page.tsx',
  'src/features/intros/intro-sale-page.tsx',
  'src/features/intros/intro-refund-page.tsx',
  'src/features/intros/intro-cancel-page.tsx',
  'src/features/exports/export-page.tsx',
  'src/features/accounting/accounting-summary-page.tsx',
  'src/features/accounting/accounting-admin-page.tsx',
  'src/features/roster/roster-editor-page.tsx',
];

/** What the bundler says about one output chunk. */
export interface ChunkNode {
  fileName: string;
  /** The module the chunk stands for (absolute path), for a lazily loaded screen its page module. */
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /** CSS and other files the chunk loads with it. */
  files: string[];
}

/**
 * Every file reachable from the entry chunks through static and dynamic
 * imports without entering a chunk that stands for one of `leaveOut` (paths
 * ending a facade module's path). A chunk shared by a member screen and a
 * back-office one is kept. Throws when a `leaveOut` module is no chunk's facade,
 * so a renamed screen cannot silently end up precached.
 */
export function precachedFiles(chunks: ChunkNode[], leaveOut: readonly string[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const isLeftOut = (c: ChunkNode) =>
    c.facadeModuleId !== null && leaveOut.some((m) => c.facadeModuleId!.endsWith(`/${m}`));
  for (const module of leaveOut) {
    if (!chunks.some((c) => c.facadeModuleId?.endsWith(`/${module}`))) {
      throw new Error(
        `precache: no chunk is the screen ${module}; update BACK_OFFICE_SCREENS (src/pwa/precache-files.ts)`,
      );
    }
  }
  const kept = new Set<string>();
  const visit = (name: string) => {
    const chunk = byName.get(name);
    if (!chunk || kept.has(name) || isLeftOut(chunk)) return;
    kept.add(name);
    chunk.files.forEach((file) => kept.add(file));
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  chunks.filter((c) => c.isEntry).forEach((c) => visit(c.fileName));
  return kept;
}

/**
 * Workbox's manifest entries (paths relative to dist/) narrowed to the kept
 * chunks: every built chunk or stylesheet under assets/ is kept only when it
 * is in `kept`; other files (index.html, the web manifest, icons) stay.
 */
export function keepPrecached<T extends { url: string }>(entries: T[], kept: Set<string>, assetsDir = 'assets/'): T[] {
  return entries.filter((entry) => !entry.url.startsWith(assetsDir) || kept.has(entry.url));
}
