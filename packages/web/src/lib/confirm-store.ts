import { createListeners } from './listeners.ts';

/**
 * The confirm dialog: one at a time, a second request is refused while one is
 * open; confirm and reject close it and run the matching callback. Defaults:
 * reject label No, confirm label Yes, secondary and primary colours, optional
 * heading, optional disabled confirm.
 */

export interface ConfirmRequest {
  message: string;
  heading?: string | undefined;
  confirmLabel?: string | undefined;
  rejectLabel?: string | undefined;
  confirmVariant?: string | undefined;
  rejectVariant?: string | undefined;
  confirmDisabled?: boolean | undefined;
  onConfirm?: (() => void) | undefined;
  onReject?: (() => void) | undefined;
}

export interface OpenConfirm {
  message: string;
  heading?: string | undefined;
  confirmLabel: string;
  rejectLabel: string;
  confirmVariant: string;
  rejectVariant: string;
  confirmDisabled: boolean;
  onConfirm?: (() => void) | undefined;
  onReject?: (() => void) | undefined;
}

export function createConfirmStore() {
  let open: OpenConfirm | null = null;
  const { emit, subscribe } = createListeners();
  const close = () => {
    open = null;
    emit();
  };
  return {
    /** Open the dialog; false (and nothing shown) when one is already open. */
    request(req: ConfirmRequest): boolean {
      if (open) return false;
      open = {
        message: req.message,
        heading: req.heading,
        confirmLabel: req.confirmLabel ?? 'Yes',
        rejectLabel: req.rejectLabel ?? 'No',
        confirmVariant: req.confirmVariant ?? 'primary',
        rejectVariant: req.rejectVariant ?? 'secondary',
        confirmDisabled: req.confirmDisabled ?? false,
        onConfirm: req.onConfirm,
        onReject: req.onReject,
      };
      emit();
      return true;
    },
    /** Ask and wait: true on confirm, false on reject; null when refused because one is open. */
    ask(req: Omit<ConfirmRequest, 'onConfirm' | 'onReject'>): Promise<boolean | null> {
      return new Promise((resolve) => {
        const accepted = this.request({ ...req, onConfirm: () => resolve(true), onReject: () => resolve(false) });
        if (!accepted) resolve(null);
      });
    },
    confirm() {
      const current = open;
      if (!current) return;
      close();
      current.onConfirm?.();
    },
    reject() {
      const current = open;
      if (!current) return;
      close();
      current.onReject?.();
    },
    getState: () => open,
    subscribe,
  };
}

export type ConfirmStore = ReturnType<typeof createConfirmStore>;

export const confirmDialog = createConfirmStore();
