import { useQuery } from '@tanstack/react-query';
import { TextInput } from '../../../components/form/fields.tsx';
import { lookUpOgnDevice } from '../../../lib/api/ogn.ts';
import { useSession } from '../../../lib/session.ts';

const FLARM_ID = /^[0-9A-Fa-f]{6}$/;

/**
 * The aircraft's FLARM ID (the OGN beacon's device address, docs/ogn.md), with
 * what the OGN device database says of it as a suggestion: registration and
 * competition number (not shown when the owner asked not to be identified),
 * and a warning when the owner asked not to be tracked (the feed never records it).
 */
export function FlarmIdField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (flarmId: string) => void;
  disabled?: boolean;
}) {
  const club = useSession().data?.club ?? '';
  const valid = FLARM_ID.test(value);
  const lookup = useQuery({
    queryKey: ['ogn-device', value.toUpperCase()],
    queryFn: () => lookUpOgnDevice(club, value.toUpperCase()),
    enabled: valid && club !== '',
    staleTime: 3_600_000,
  });
  const device = lookup.data?.device;
  let note = 'The 6 hex digits of its FLARM or OGN tracker, for flights from the Open Glider Network';
  if (valid && lookup.data && !device) note = 'Not in the OGN device database';
  if (device) {
    const name = device.identified
      ? [device.registration, device.cn && `(${device.cn})`, device.aircraftModel].filter(Boolean).join(' ')
      : device.aircraftModel || 'not identified';
    note = `OGN device database: ${name}${device.tracked ? '' : ' — not tracked: the feed never records it'}`;
  }
  return (
    <TextInput
      label="FLARM ID"
      value={value}
      onChange={(text) => onChange(text.trim().toUpperCase())}
      maxLength={6}
      placeholder="DDA5BA"
      disabled={disabled}
      note={note}
      noteVariant={device && !device.tracked ? 'warning' : 'muted'}
    />
  );
}
