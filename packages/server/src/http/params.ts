// The parameter schemas live with the declared calls (packages/domain/src/api/params.ts); routes not yet declared use
// them from here.
export { booleanParam, clubParam, userIdParam } from '@flightline/domain/api/params';

/** A UUID in any case: the ids the database makes (gen_random_uuid) and a phone's flight ids. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A client may send the string "None" for "no club" (the club parameter's
 * default); it names no club.
 */
export function namedClub(club: string | null | undefined): string | undefined {
  return club === null || club === undefined || club === '' || club === 'None' ? undefined : club;
}
