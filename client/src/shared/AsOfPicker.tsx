import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconHistory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { asOfFromSearch } from './asOf';
import { isoOfWall, wallOfIso } from './asOfTime';

/**
 * "As of…": a date and time in the organization's zone that sets the page's `asOf` (the schedule as it stood
 * then); cleared, the page is back to now.
 */
export function AsOfPicker({ zone, size = 'xs', w = 220 }: { zone: string; size?: 'xs' | 'sm'; w?: number | string }) {
  const [params, setParams] = useSearchParams();
  const asOf = asOfFromSearch(params);
  const value = asOf && 'asOf' in asOf ? wallOfIso(asOf.asOf, zone) : null;
  return (
    <DateTimePicker
      aria-label="As of"
      placeholder="As of…"
      // A placeholder drawn as text (not the input's own): gray-7, readable (4.5:1) as secondary text is.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      size={size}
      w={w}
      clearable
      leftSection={<IconHistory size={14} />}
      valueFormat="MMM D YYYY, h:mm A"
      timePickerProps={{ format: '12h', withDropdown: true }}
      maxDate={new Date()}
      value={value}
      onChange={(next) => {
        const updated = new URLSearchParams(params);
        updated.delete('asOfPosition');
        const iso = typeof next === 'string' && next ? isoOfWall(next, zone) : null;
        if (iso) updated.set('asOf', iso);
        else updated.delete('asOf');
        setParams(updated);
      }}
    />
  );
}
