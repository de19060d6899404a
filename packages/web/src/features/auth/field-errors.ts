/** The shape of a zod safeParse result, so the web needs no direct zod import. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Checked<T, K extends string> =
  { ok: true; data: T; errors: FieldErrors<K> } | { ok: false; data: null; errors: FieldErrors<K> };

/** Validate a form with its shared schema; keep the first message of each field. */
export function checkForm<T, K extends string>(schema: Schema<T>, values: Record<K, string>): Checked<T, K> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && errors[field as K] === undefined)
      errors[field as K] = issue.message;
  }
  return { ok: false, data: null, errors };
}
