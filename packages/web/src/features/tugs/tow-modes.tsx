import Button from 'react-bootstrap/Button';
import { MODES, type TowMode } from './tow-form.ts';

/** What to log: check in, check out, refuel or oil. */
export function TowModes({ mode, onChoose }: { mode: TowMode; onChoose: (mode: TowMode) => void }) {
  return (
    <div className="fuel-modes mb-3" role="group" aria-label="What to log">
      {MODES.map(({ mode: m, label }) => (
        <Button
          key={m}
          type="button"
          variant={m === mode ? 'primary' : 'outline-primary'}
          aria-pressed={m === mode}
          onClick={() => onChoose(m)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
