import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api.ts';
import { OfflineNotice } from './offline-notice.tsx';

/**
 * Loading and failure states every page shows the same way: never a blank
 * screen. `layout` places the spinner where a page's own space calls for it
 * (centred in an empty table, tight inside a section).
 */
export function Loading({ text = 'Loading', layout = 'gap-2 my-4' }: { text?: string; layout?: string }) {
  return (
    <div className={`d-flex align-items-center ${layout}`} role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

export function LoadError({ error, prefix }: { error: unknown; prefix?: string }) {
  return (
    <div className="alert alert-danger my-3" role="alert">
      Error: {prefix ? `${prefix} ` : ''}
      {errorMessage(error)}
    </div>
  );
}

/** A page's column; `wide` (the treasurer's tables) uses the screen's width from 1280 px up. */
export function Page({
  title,
  size = 'h3',
  wide = false,
  children,
}: {
  title?: string;
  size?: 'h3' | 'h4';
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className={`container page${wide ? ' page-wide' : ''} py-3`}>
      {title && <h1 className={`${size} mb-3`}>{title}</h1>}
      {title && <OfflineNotice />}
      {children}
    </main>
  );
}
