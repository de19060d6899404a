/**
 * The order people expect for names in lists (directory, clubs, pilot
 * pickers): case- and accent-insensitive, digits by value. The same on
 * server and web, and independent of the database's collation.
 */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}
