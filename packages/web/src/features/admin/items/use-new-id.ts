import { useState } from 'react';
import { duplicateProblem } from './changes.ts';

/**
 * The id a new glider, tug, launch or intro launch is created under (its
 * registration or label), as typed; an existing item keeps its own. `problem`
 * says why the typed id cannot be used: not valid, or already taken, since
 * update-item would overwrite the item of that id.
 */
export function useNewId(
  existingId: string | undefined,
  idProblem: (id: string) => string | null,
  taken: readonly string[],
  what: string,
) {
  const [value, setValue] = useState(existingId ?? '');
  const creating = existingId === undefined;
  return {
    value,
    setValue,
    id: creating ? value.trim() : existingId,
    problem: creating ? (idProblem(value) ?? duplicateProblem(value, taken, what)) : null,
  };
}
