import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { dutyAnswer, dutyPersonAnswer } from '@flightline/domain/api/roster';
import type { DB } from '../../db/schema.ts';
import { memberNames } from '../members/repo.ts';
import { openSwapsOf, type DutyRow } from './duty-repo.ts';
import type { DutyRoleRow } from './repo.ts';

export type DutyAnswer = z.output<typeof dutyAnswer>;
export type DutyPerson = z.output<typeof dutyPersonAnswer>;

/** Names of these people, as the answers show them. */
export async function peopleNamed(db: Kysely<DB>, ids: Iterable<string | null>): Promise<Map<string, DutyPerson>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  const names = await memberNames(db, wanted);
  return new Map([...names].map(([userID, name]) => [userID, { userID, first: name.first, last: name.last }]));
}

/**
 * Duties as the API answers them, in roster order (day, the roles' order, the
 * day's one before extra ones). `canEdit` shows the working copy; anyone else
 * sees what is published only, and the caller must have read only published rows.
 */
export async function dutyAnswers(
  db: Kysely<DB>,
  clubId: string,
  rows: DutyRow[],
  roles: DutyRoleRow[],
  canEdit: boolean,
): Promise<DutyAnswer[]> {
  const roleOrder = new Map(roles.map((role, i) => [role.id, i]));
  const roleOf = new Map(roles.map((role) => [role.id, role]));
  const swaps = await openSwapsOf(
    db,
    clubId,
    rows.filter((row) => row.published_at !== null).map((row) => row.id),
  );
  const swapOf = new Map(swaps.map((swap) => [swap.duty_id, swap]));
  const names = await peopleNamed(db, [
    ...rows.flatMap((row) => [row.user_id, row.published_user_id]),
    ...swaps.map((swap) => swap.offered_by),
  ]);
  const person = (id: string | null) => (id === null ? null : (names.get(id) ?? { userID: id, first: '', last: '' }));
  return (
    rows
      // An extra duty cleared and published is nobody's: members do not see it.
      .filter((row) => canEdit || !row.extra || row.published_user_id !== null)
      .sort(
        (a, b) =>
          a.day.localeCompare(b.day) ||
          (roleOrder.get(a.role_id) ?? 0) - (roleOrder.get(b.role_id) ?? 0) ||
          Number(a.extra) - Number(b.extra) ||
          a.updated_at.getTime() - b.updated_at.getTime() ||
          a.id.localeCompare(b.id),
      )
      .map((row) => {
        const published = row.published_at !== null;
        const shown = published ? person(row.published_user_id) : null;
        const swap = swapOf.get(row.id);
        return {
          dutyId: row.id,
          day: row.day,
          roleId: row.role_id,
          role: roleOf.get(row.role_id)?.name ?? '',
          extra: row.extra,
          person: shown,
          published,
          draft: canEdit ? person(row.user_id) : shown,
          changed: canEdit ? !published || row.user_id !== row.published_user_id : false,
          swap: swap ? { swapId: swap.id, offeredBy: person(swap.offered_by)!, note: swap.note } : null,
        };
      })
  );
}
