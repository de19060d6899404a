import { lazy, Suspense, useSyncExternalStore } from 'react';
import { confirmDialog } from '../lib/confirm-store.ts';

const ConfirmDialog = lazy(async () => ({ default: (await import('./confirm-dialog.tsx')).ConfirmDialog }));

/** Loads the dialog (and its modal code) the first time something asks for a confirmation. */
export function ConfirmHost() {
  const open = useSyncExternalStore(confirmDialog.subscribe, confirmDialog.getState, confirmDialog.getState);
  const everOpened = useEverTrue(open !== null);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  );
}

let opened = false;
function useEverTrue(value: boolean): boolean {
  if (value) opened = true;
  return opened;
}
