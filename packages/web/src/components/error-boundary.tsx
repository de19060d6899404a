import { Component, type ReactNode } from 'react';

/**
 * Draws `fallback` instead of `children` once something under it throws while
 * rendering (most often a screen whose code would not download). Give it a
 * `key` that changes with the page to start over on the next one. React
 * reports the error itself (createRoot's onCaughtError logs it).
 */
export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
