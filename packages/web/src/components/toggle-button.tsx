import type { ReactNode } from 'react';

interface ToggleButtonProps {
  on: boolean;
  onClick: () => void;
  disabled?: boolean | undefined;
  /** Classes besides the button's own and its on or off look, e.g. 'btn-lg text-start'. */
  className?: string | undefined;
  children: ReactNode;
}

/** A big button of a one-of-several choice: filled while on, outlined while off, and announced as pressed or not. */
export function ToggleButton({ on, onClick, disabled, className, children }: ToggleButtonProps) {
  return (
    <button
      type="button"
      className={`btn ${on ? 'btn-primary' : 'btn-outline-primary'}${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
