import type { OutboxEntry, OutboxEntryState, OutboxWriteOf } from './outbox.ts';

/**
 * Entries as the phone's store may hold them. Before the outbox's entries
 * named their declared call (app 0.16 and earlier), an entry kept the API
 * path under /api and the JSON body it sent; such entries, stored by the
 * earlier version and still waiting after an upgrade, are read as the call
 * their path names, with that body as its input, and so sent byte for byte
 * as before.
 */

/** The three writes the earlier version queued, each with the path it sent its body to. */
type LegacyWrites = {
  'flight-request': { path: '/update-item/'; call: 'POST /api/update-item/' };
  'line-action': { path: '/update-flight/'; call: 'POST /api/update-flight/' };
  'tow-event': { path: '/create-tow/'; call: 'POST /api/create-tow/' };
};
type LegacyKind = keyof LegacyWrites;

/** An entry as app 0.16 and earlier stored it: `path` and `body` where an entry now has `call` and `input`. */
export type LegacyOutboxEntry = {
  [K in LegacyKind]: OutboxEntryState & {
    kind: K;
    path: LegacyWrites[K]['path'];
    /** Built by that version's own field events, as this one builds the call's input. */
    body: OutboxWriteOf<K>['input'];
    preview: OutboxWriteOf<K>['preview'];
  };
}[LegacyKind];

/** What a store may hold: an entry, or one the earlier version stored. */
export type StoredOutboxEntry = OutboxEntry | LegacyOutboxEntry;

const LEGACY_CALLS: { [K in LegacyKind]: LegacyWrites[K] } = {
  'flight-request': { path: '/update-item/', call: 'POST /api/update-item/' },
  'line-action': { path: '/update-flight/', call: 'POST /api/update-flight/' },
  'tow-event': { path: '/create-tow/', call: 'POST /api/create-tow/' },
};

/**
 * A stored entry as this version sends it: an earlier version's path and
 * body become the call the path names and its input. Null for a path that
 * version never wrote with that kind: such an entry is left in the store,
 * not sent.
 */
export function storedEntry(stored: StoredOutboxEntry): OutboxEntry | null {
  if (!('path' in stored)) return stored;
  switch (stored.kind) {
    case 'flight-request': {
      const { path, body, ...rest } = stored;
      return path === LEGACY_CALLS[rest.kind].path
        ? { ...rest, call: LEGACY_CALLS[rest.kind].call, input: body }
        : null;
    }
    case 'line-action': {
      const { path, body, ...rest } = stored;
      return path === LEGACY_CALLS[rest.kind].path
        ? { ...rest, call: LEGACY_CALLS[rest.kind].call, input: body }
        : null;
    }
    case 'tow-event': {
      const { path, body, ...rest } = stored;
      return path === LEGACY_CALLS[rest.kind].path
        ? { ...rest, call: LEGACY_CALLS[rest.kind].call, input: body }
        : null;
    }
    default:
      return null;
  }
}
