export interface FilterOption {
  value: string;
  label: string;
  /** Shown after the label, and searched too (e.g. a club's status or short name). */
  detail?: string | undefined;
  disabled?: boolean | undefined;
}

/** Options whose label or detail contains every word typed, in any order, ignoring case. */
export function filterOptions(options: readonly FilterOption[], text: string): FilterOption[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const haystack = `${option.label} ${option.detail ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
