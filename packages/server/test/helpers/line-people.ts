import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { createPerson, type Person, type PersonValues } from './test-app.ts';

/**
 * The people of the flight-line tests: a name is the same member in every
 * file (Pat Pilot, Gail the ground-only member, Sam the inactive sleeper,
 * Otto of the other club), so a reader knows who a test flies with.
 */
function lineCast(alpha: string, bravo: string | undefined) {
  return {
    pat: { club: alpha, first: 'Pat', last: 'Pilot' },
    mo: { club: alpha, first: 'Mo', last: 'Member' },
    /** Mo Member again, for files that call the plain member `member`. */
    member: { club: alpha, first: 'Mo', last: 'Member' },
    fran: { club: alpha, first: 'Fran', last: 'Flier' },
    ann: { club: alpha, first: 'Ann', last: 'Zed' },
    sam: { club: alpha, first: 'Sam', last: 'Student' },
    poor: { club: alpha, first: 'Penny', last: 'Poor' },
    low: { club: alpha, first: 'Lou', last: 'Low' },
    rich: { club: alpha, first: 'Rita', last: 'Rich' },
    admin: { club: alpha, first: 'Ada', last: 'Admin', flags: { is_admin: true } },
    alex: { club: alpha, first: 'Alex', last: 'Admin', flags: { is_admin: true } },
    ian: { club: alpha, first: 'Ian', last: 'Instructor', flags: { is_instructor: true } },
    ida: { club: alpha, first: 'Ida', last: 'Instructor', flags: { is_instructor: true } },
    ivan: { club: alpha, first: 'Ivan', last: 'Instructor', flags: { is_instructor: true } },
    zoe: { club: alpha, first: 'Zoe', last: 'Adams', flags: { is_instructor: true } },
    ed: { club: alpha, first: 'Ed', last: 'Editor', flags: { can_edit_logs: true } },
    gail: { club: alpha, first: 'Gail', last: 'Ground', flags: { ground_only: true } },
    crew: { club: alpha, first: 'Cory', last: 'Crew', flags: { is_tow_pilot: true } },
    towy: { club: alpha, first: 'Toby', last: 'Tow', flags: { is_tow_pilot: true } },
    tilly: { club: alpha, first: 'Tilly', last: 'Tow', flags: { is_tow_pilot: true } },
    tom: { club: alpha, first: 'Tom', last: 'Tow', flags: { is_tow_pilot: true } },
    tess: { club: alpha, first: 'Tess', last: 'Treasurer', flags: { can_add_funds: true } },
    treasurer: { club: alpha, first: 'Tess', last: 'Treasurer', flags: { can_add_funds: true } },
    seller: { club: alpha, first: 'Sid', last: 'Seller', flags: { can_add_intros: true } },
    gone: { club: alpha, first: 'Gus', last: 'Gone', flags: { is_active: false } },
    sleeper: { club: alpha, first: 'Sam', last: 'Sleeper', flags: { is_active: false } },
    outsider: { club: bravo, first: 'Otto', last: 'Outsider' },
  } satisfies Record<string, PersonValues>;
}

export type LineName = keyof ReturnType<typeof lineCast>;
export type LinePeople = Record<LineName, Person>;

/**
 * The named people of the cast, created in the order given (Otto in bravo);
 * `flags` replaces a person's rights where a file needs them otherwise
 * (a sleeper who may still edit logs, an outsider who is bravo's admin).
 */
export async function createLinePeople<Name extends LineName>(
  db: Kysely<DB>,
  clubs: { alpha: string; bravo?: string },
  names: readonly Name[],
  flags: Partial<Record<Name, PersonValues['flags']>> = {},
): Promise<Pick<LinePeople, Name>> {
  const cast: Record<LineName, PersonValues> = lineCast(clubs.alpha, clubs.bravo);
  const people = {} as Pick<LinePeople, Name>;
  for (const name of names) {
    const values = name in flags ? { ...cast[name], flags: flags[name] } : cast[name];
    people[name] = await createPerson(db, values);
  }
  return people;
}
