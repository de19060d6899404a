/** The fields that were sent: an update writes only what changed (undefined = not sent). */
export function onlyDefined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
