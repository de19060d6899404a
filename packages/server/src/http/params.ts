// The parameter schemas live with the declared calls (packages/domain/src/api/params.ts); routes not yet declared use them from here.
export { booleanParam, clubParam, userIdParam } from '@flightline/domain/api/params';

/**
 * A client may send the string "None" for "no club" (the club parameter's
 * default); it names no club.
 */
export function namedClub(club: string | null | undefined): string | undefined {
  return club === null || club === undefined || club === '' || club === 'None' ? undefined : club;
}
