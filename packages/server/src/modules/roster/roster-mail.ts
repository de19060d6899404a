import { dayText } from '@flightline/domain/roster/roster-days';
import type { Mail } from '../../mail/mailer.ts';

/** The roster's mail, word for word (docs/duty-roster.md, "Who is told"). */

export interface DutyLine {
  day: string;
  role: string;
}

const lines = (duties: DutyLine[]) =>
  [...duties]
    .sort((a, b) => a.day.localeCompare(b.day) || a.role.localeCompare(b.role))
    .map((duty) => `  ${dayText(duty.day)}: ${duty.role}`)
    .join('\n');

/** One mail per person whose published duties in the range changed, listing them all. */
export function publishedMail(input: {
  to: string;
  first: string;
  clubName: string;
  start: string;
  end: string;
  duties: DutyLine[];
  removed: DutyLine[];
  link: string;
}): Mail {
  const parts = [
    `Hello ${input.first},`,
    '',
    `The duty roster of ${input.clubName} from ${dayText(input.start)} to ${dayText(input.end)} is published.`,
    '',
  ];
  if (input.duties.length) parts.push('Your duties:', lines(input.duties), '');
  else parts.push('You have no duties in these days.', '');
  if (input.removed.length) parts.push('No longer yours:', lines(input.removed), '');
  parts.push(`Can't do one? Offer it for a swap: ${input.link}`);
  return {
    to: input.to,
    subject: `${input.clubName}: your duties from ${dayText(input.start)} to ${dayText(input.end)}`,
    text: parts.join('\n'),
  };
}

/** A swap accepted: the one who offered it and the one who took it are told. */
export function swapMails(input: {
  clubName: string;
  duty: DutyLine;
  from: { email: string; first: string; name: string };
  to: { email: string; first: string; name: string };
}): Mail[] {
  const what = `${input.duty.role} on ${dayText(input.duty.day)}`;
  return [
    {
      to: input.from.email,
      subject: `${input.clubName}: ${input.to.name} takes your duty on ${dayText(input.duty.day)}`,
      text:
        `Hello ${input.from.first},\n\n${input.to.name} accepted your offer: ` +
        `${input.to.name} is now on duty as ${what}, and you are not.`,
    },
    {
      to: input.to.email,
      subject: `${input.clubName}: you are on duty on ${dayText(input.duty.day)}`,
      text: `Hello ${input.to.first},\n\nYou took ${input.from.name}'s duty: you are now on duty as ${what}.`,
    },
  ];
}

/** An offer nobody has taken, close to its day: each admin is told once. */
export function untakenSwapMail(input: {
  to: string;
  clubName: string;
  duty: DutyLine;
  offeredBy: string;
  link: string;
}): Mail {
  return {
    to: input.to,
    subject: `${input.clubName}: nobody has taken ${input.offeredBy}'s duty on ${dayText(input.duty.day)}`,
    text:
      `${input.offeredBy} offered their duty as ${input.duty.role} on ` +
      `${dayText(input.duty.day)} for a swap, and nobody has taken it yet.\n\n` +
      `Find someone, or put someone on it in the roster: ${input.link}`,
  };
}

/** A busy day with one tow pilot or instructor on duty: off-duty ones are asked to help. */
export function helpMail(input: {
  to: string;
  first: string;
  clubName: string;
  day: string;
  role: string;
  planners: number;
  onDuty: number;
  link: string;
}): Mail {
  const onDuty = input.onDuty === 0 ? `no ${input.role.toLowerCase()} is` : `only one ${input.role.toLowerCase()} is`;
  return {
    to: input.to,
    subject: `${input.clubName}: help wanted on ${dayText(input.day)} (${input.role})`,
    text:
      `Hello ${input.first},\n\n${input.planners} members plan to fly ` +
      `on ${dayText(input.day)} and ${onDuty} on duty.\n\n` +
      `Can you help as ${input.role}? One tap adds you to the day: ${input.link}`,
  };
}
