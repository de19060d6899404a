import { formatMoney } from '@flightline/domain/money/money';
import type { ItemKind } from './item-kinds.ts';

/**
 * What an editor sends and shows before saving: the fields that differ from
 * the stored item (update-item takes only those), and the confirm-changes
 * list, one "label: old → new" row per changed field.
 */

/** Lists of names (tax rates, block ids) are sets: ticking a box off and on again is no change. */
function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (isNameList(a) && isNameList(b)) {
    return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `draft` whose value differs from `original`. */
export function changedFields<T extends object>(original: T, draft: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (!sameValue(original[key], draft[key])) changed[key] = draft[key];
  }
  return changed;
}

export interface FieldSpec<T> {
  key: keyof T & string;
  label: string;
  /** How a value reads in the list; formatValue when absent. */
  format?: ((value: unknown) => string) | undefined;
}

export interface ChangeRow {
  key: string;
  label: string;
  from: string;
  to: string;
}

/** Yes/No, lists joined, empty shown as a dash. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Cents as '$12.50'. */
export function formatCents(value: unknown): string {
  return typeof value === 'number' ? formatMoney(value) : formatValue(value);
}

/** A value where null means no limit. */
export function orUnlimited(format: (value: unknown) => string = formatValue) {
  return (value: unknown) => (value === null ? 'unlimited' : format(value));
}

/** Ids shown by name (block ids of a glider); an unknown id shows as itself. */
export function byName(names: ReadonlyMap<string, string>) {
  return (value: unknown) => formatValue(Array.isArray(value) ? value.map((id: string) => names.get(id) ?? id) : value);
}

/** The confirm-changes list, in the editor's field order. */
export function changeRows<T extends object>(original: T, draft: T, specs: readonly FieldSpec<T>[]): ChangeRow[] {
  return specs
    .filter((spec) => !sameValue(original[spec.key], draft[spec.key]))
    .map((spec) => {
      const format = spec.format ?? formatValue;
      return { key: spec.key, label: spec.label, from: format(original[spec.key]), to: format(draft[spec.key]) };
    });
}

/** A new item's confirm-changes list opens with the id it is created under, once one is typed. */
export function withNewId(label: string, id: string, rows: ChangeRow[]): ChangeRow[] {
  return id ? [{ key: 'id', label, from: '—', to: id }, ...rows] : rows;
}

interface NamedItemEdit<Fields> {
  kind: ItemKind;
  /** 'Tug': the title reads 'New Tug' or 'Edit Tug C-FTOW'. */
  title: string;
  /** The id's label in the confirm-changes list ('Registration'). */
  idLabel: string;
  id: string;
  creating: boolean;
  rows: ChangeRow[];
  draft: Fields;
  changed: Partial<Fields>;
}

/**
 * The editor shell's title, confirm-changes list and request for an item whose
 * id is typed when it is created (glider, tug, launch, intro launch): a new
 * item lists its id first and sends every field, an update only what changed.
 */
export function namedItemEdit<Fields extends object>({
  kind,
  title,
  idLabel,
  id,
  creating,
  rows,
  draft,
  changed,
}: NamedItemEdit<Fields>) {
  return {
    kind,
    title: creating ? `New ${title}` : `Edit ${title} ${id}`,
    creating,
    changes: creating ? withNewId(idLabel, id, rows) : rows,
    request: { kind, id, data: creating ? draft : changed },
  };
}

/** The shape of a zod safeParse result, so the web needs no direct zod import. */
export interface Schema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first message the shared schema gives, naming the field when the message does not; null when valid. */
export function schemaProblem<T>(schema: Schema, value: unknown, specs: readonly FieldSpec<T>[] = []): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return 'Invalid value';
  const label = specs.find((s) => s.key === issue.path[0])?.label;
  return label && !issue.message.toLowerCase().includes(label.toLowerCase())
    ? `${label}: ${issue.message}`
    : issue.message;
}

/** A new item's id must be new: update-item would otherwise overwrite the existing one. */
export function duplicateProblem(id: string, existing: readonly string[], what: string): string | null {
  const wanted = id.trim().toLowerCase();
  return existing.some((e) => e.toLowerCase() === wanted) ? `There is already a ${what} ${id.trim()}` : null;
}
