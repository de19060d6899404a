import { useMemo } from 'react';
import { FilterSelect } from '../../components/filter-select.tsx';
import type { FilterOption } from '../../lib/filter-options.ts';

export function TimeZoneField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (zone: string) => void;
}) {
  const options = useMemo<FilterOption[]>(() => {
    const zones = 'supportedValuesOf' in Intl ? Intl.supportedValuesOf('timeZone') : [];
    // A stored zone the browser lists under another name still shows as chosen.
    const all = value && !zones.includes(value) ? [value, ...zones] : zones;
    return all.map((zone) => ({ value: zone, label: zoneLabel(zone) }));
  }, [value]);
  return (
    <>
      <FilterSelect
        label="Time zone"
        placeholder="Choose the club's time zone"
        options={options}
        selectedLabel={zoneLabel(value)}
        onSelect={onChange}
      />
      {error && (
        <div className="invalid-feedback d-block mb-3" style={{ marginTop: '-0.75rem' }}>
          {error}
        </div>
      )}
    </>
  );
}

const zoneLabel = (zone: string) => zone.replace(/_/g, ' ');
