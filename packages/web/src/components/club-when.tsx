import { clubDateTime } from '../lib/club-dates.ts';

/** An instant as the club's date and, greyed, its time, each kept on one line. */
export function ClubWhen({ ms, timeZone }: { ms: number; timeZone: string }) {
  const when = clubDateTime(ms, timeZone);
  return (
    <>
      <span className="text-nowrap">{when.date}</span>{' '}
      <span className="text-nowrap text-body-secondary">{when.time}</span>
    </>
  );
}
