import type { ChargeBreakdown } from '@flightline/domain/api/charges';
import { flownAndBilledRuleText } from '@flightline/domain/flights/flight-duration';
import { formatMoney } from '@flightline/domain/money/money';

type FlightDetail = NonNullable<ChargeBreakdown['flight']>;
type Launch = Extract<FlightDetail, { kind: 'launch' }>;
type Rental = Extract<FlightDetail, { kind: 'rental' }>;

const number = new Intl.NumberFormat('en-US');

/** What the price rule gave for the whole flight, before any sharing, blocks or tax. */
export function FlightFigures({ flight }: { flight: FlightDetail }) {
  return (
    <dl className="charge-figures mb-2">
      {flight.kind === 'launch' ? <LaunchRule launch={flight} /> : <RentalRule rental={flight} />}
    </dl>
  );
}

function Row({ name, value }: { name: string; value: string }) {
  return (
    <div className="d-flex justify-content-between gap-3">
      <dt className="fw-normal">{name}</dt>
      <dd className="mb-0 text-end">{value}</dd>
    </div>
  );
}

function LaunchRule({ launch }: { launch: Launch }) {
  const unit = launch.heightUnit;
  if (launch.pricing === 'fixed') return <Row name="Fixed price" value={formatMoney(launch.basePriceCents)} />;
  return (
    <>
      <Row name="Release height" value={`${number.format(launch.releaseHeight)} ${unit}`} />
      {launch.basePriceCents !== 0 && <Row name="Base price" value={formatMoney(launch.basePriceCents)} />}
      {launch.ranges.map((range) => (
        <Row
          key={range.start}
          name={
            `${number.format(range.start)}–${number.format(range.end)} ${unit}: ${range.segments} ` +
            `× ${formatMoney(range.costCents)} per ${number.format(range.per)} ${unit}`
          }
          value={formatMoney(range.cents)}
        />
      ))}
      <Row name="Launch price" value={formatMoney(launch.costCents)} />
    </>
  );
}

function RentalRule({ rental }: { rental: Rental }) {
  return (
    <>
      <Row name="Time" value={flownAndBilledRuleText(rental.launchedAt, rental.landedAt)} />
      <Row
        name={`${rental.minutesBilled} min × ${formatMoney(rental.rateCentsPerMinute)} per min`}
        value={formatMoney(rental.listCents)}
      />
    </>
  );
}
