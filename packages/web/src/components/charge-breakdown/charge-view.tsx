import type { ChargeBreakdown, RecordedTime } from '@flightline/domain/api/charges';
import { clubClockTime } from '@flightline/domain/time/club-time';
import { formatMoney } from '@flightline/domain/money/money';
import { FlightFigures } from './flight-figures.tsx';

type Part = NonNullable<ChargeBreakdown['flight']>['payers'][number];

const EVENT_NAMES: Record<RecordedTime['event'], string> = {
  launch: 'Launch',
  landing: 'Landing',
  releaseHeight: 'Release height',
};

/** "Landing 10:50, recorded by Irene Instructor — entered late, received 12:05": who set a time the charge used. */
export function recordedTimeText(time: RecordedTime, timeZone: string): string {
  const clock = (ms: number) => clubClockTime(ms, timeZone);
  const who = time.byName || 'someone no longer in the club';
  if (time.corrected)
    return (
      `${EVENT_NAMES[time.event]} ` +
      `${time.event === 'releaseHeight' ? '' : `${clock(time.at)}, `}corrected ` +
      `by ${who}`
    );
  const late = time.enteredLate ? ` — entered late, received ${clock(time.receivedAt)}` : '';
  return `${EVENT_NAMES[time.event]} ${clock(time.at)}, recorded by ${who}${late}`;
}

const percent = (rate: number) => `${Number((rate * 100).toFixed(3))} %`;

/**
 * A charge explained: the flight's price rule, the member's part of it (a
 * shared cost, a block drawn), then net, each tax and the total their
 * account was charged — the figures the ledger posted, frozen with the entry.
 */
export function ChargeView({ charge, timeZone }: { charge: ChargeBreakdown; timeZone: string }) {
  const flight = charge.flight;
  const part = flight?.payers.find((payer) => payer.memberId === charge.memberId);
  const rates = new Map(flight?.taxRates.map((tax) => [tax.name, tax.rate]));
  return (
    <div>
      <p className="mb-2 fw-semibold text-break">{charge.description}</p>
      {charge.reverses !== null && (
        <p className="mb-2 text-body-secondary">Reverses entry #{charge.reverses}: its figures, taken back.</p>
      )}
      {flight && <FlightFigures flight={flight} />}
      {charge.times.length > 0 && (
        <ul className="list-unstyled small mb-2" aria-label="Times recorded">
          {charge.times.map((time) => (
            <li key={time.event} className={`text-break${time.enteredLate ? ' text-warning-emphasis' : ''}`}>
              {recordedTimeText(time, timeZone)}
            </li>
          ))}
        </ul>
      )}
      {flight && part && <PartFigures part={part} sharedWith={charge.sharedWith} />}
      <dl className="charge-figures border-top pt-2 mb-0">
        <Line name="Before tax" cents={charge.netCents} />
        {charge.taxes.map((tax) => (
          <Line
            key={tax.name}
            name={rates.has(tax.name) ? `${tax.name} (${percent(rates.get(tax.name)!)})` : tax.name}
            cents={tax.cents}
          />
        ))}
        <Line name={charge.totalCents < 0 ? 'Given back' : 'Charged to the account'} cents={charge.totalCents} strong />
      </dl>
      {flight?.taxStatus === 'inclusive' && (
        <p className="small text-body-secondary mt-1 mb-0">Tax included in the price.</p>
      )}
    </div>
  );
}

function Line({ name, cents, strong = false }: { name: string; cents: number; strong?: boolean }) {
  return (
    <div className={`d-flex justify-content-between gap-3${strong ? ' fw-semibold' : ''}`}>
      <dt className="fw-normal">{name}</dt>
      <dd className="mb-0 text-end">{formatMoney(cents)}</dd>
    </div>
  );
}

/** The member's own part: a co-payer's share, block and what it has left are theirs, not shown here. */
function PartFigures({ part, sharedWith }: { part: Part; sharedWith: readonly string[] }) {
  const block = part.block;
  if (sharedWith.length === 0 && !block) return null;
  return (
    <>
      {block && (
        <p className="small mb-1">
          Block {block.name}:{' '}
          {block.units === 'minutes'
            ? `${block.drawn} min`
            : block.units === '$'
              ? formatMoney(block.drawn)
              : `${block.drawn} min covered`}{' '}
          drawn
          {block.leftAfter !== null &&
            `, ${block.units === 'minutes' ? `${block.leftAfter} min` : formatMoney(block.leftAfter)} left`}
          {block.excessMultiplier !== 1 && `; beyond its per-flight limit at ×${block.excessMultiplier}`}
        </p>
      )}
      <dl className="charge-figures mb-2">
        {sharedWith.length > 0 && (
          <Line name={`Shared with ${sharedWith.join(', ')}: this part`} cents={part.listCents} />
        )}
        {block && <Line name="Not covered by the block" cents={part.cashCents} />}
      </dl>
    </>
  );
}
