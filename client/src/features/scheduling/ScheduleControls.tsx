import { Button, Group, Pill, Select } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import type { StoreApi } from 'zustand';
import { useStore } from 'zustand';
import { chipKey } from './jobFilters';
import { BLOCK_DURATIONS, type BlockDuration, type CustomerOption, type JobPerson } from './jobs';
import type { ScheduleState } from './scheduleStore';

const NONE = 'none';

interface ScheduleControlsProps {
  store: StoreApi<ScheduleState>;
  employees: JobPerson[];
  customers: CustomerOption[];
  /** Block Duration and availability shading only mean something on a time axis. */
  timeAxis: boolean;
}

/** Show Availability, Block Duration and the employee/customer filter of the Job Schedule (spec §2). */
export function ScheduleControls({ store, employees, customers, timeAxis }: ScheduleControlsProps) {
  const availabilityUserId = useStore(store, (s) => s.availabilityUserId);
  const blockMinutes = useStore(store, (s) => s.blockMinutes);
  const chips = useStore(store, (s) => s.chips);
  const { setAvailabilityUserId, setBlockMinutes, addChip, removeChip, clearChips } = store.getState();
  const [search, setSearch] = useState('');

  const chosen = new Set(chips.map(chipKey));
  const filterData = [
    {
      group: 'Employees',
      items: employees
        .filter((e) => !chosen.has(chipKey({ kind: 'employee', id: e.id })))
        .map((e) => ({ value: `employee:${e.id}`, label: e.fullName })),
    },
    {
      group: 'Customers',
      items: customers
        .filter((c) => !chosen.has(chipKey({ kind: 'customer', id: c.id })))
        .map((c) => ({ value: `customer:${c.id}`, label: c.name })),
    },
  ].filter((g) => g.items.length > 0);
  const labels = new Map(filterData.flatMap((g) => g.items.map((i) => [i.value, i.label] as const)));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Show availability"
        data={[{ value: NONE, label: 'None' }, ...employees.map((e) => ({ value: e.id, label: e.fullName }))]}
        value={availabilityUserId ?? NONE}
        onChange={(value) => setAvailabilityUserId(!value || value === NONE ? null : value)}
        allowDeselect={false}
        searchable
        size="xs"
        w={{ base: 'calc(50% - 6px)', xs: 190 }}
        disabled={!timeAxis}
        title={timeAxis ? undefined : 'Shown in the Day, Week, 3-Day and Work Week views'}
      />
      <Select
        label="Block duration"
        data={BLOCK_DURATIONS.map((m) => ({ value: String(m), label: `${m} minutes` }))}
        value={String(blockMinutes)}
        onChange={(value) => value && setBlockMinutes(Number(value) as BlockDuration)}
        allowDeselect={false}
        size="xs"
        w={{ base: 'calc(50% - 6px)', xs: 130 }}
        disabled={!timeAxis}
      />
      <Select
        label="Filter"
        placeholder="Employee or customer"
        leftSection={<IconFilter size={14} />}
        data={filterData}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(value) => {
          if (!value) return;
          const [kind, ...rest] = value.split(':');
          addChip({ kind: kind as 'employee' | 'customer', id: rest.join(':'), label: labels.get(value) ?? value });
          setSearch('');
        }}
        searchable
        clearable={false}
        nothingFoundMessage="No results found"
        size="xs"
        w={{ base: '100%', xs: 240 }}
      />
      {chips.length > 0 && (
        <Group gap={6} wrap="wrap" pb={4} aria-label="Active filters">
          {chips.map((chip) => (
            <Pill
              key={chipKey(chip)}
              withRemoveButton
              onRemove={() => removeChip(chipKey(chip))}
              removeButtonProps={{ 'aria-label': `Remove filter ${chip.label}` }}
              bg={chip.kind === 'employee' ? 'navy.0' : 'teal.0'}
              c={chip.kind === 'employee' ? 'navy.8' : 'teal.9'}
              fw={600}
            >
              {chip.label}
            </Pill>
          ))}
          {chips.length > 1 && (
            <Button variant="subtle" size="compact-xs" onClick={clearChips}>
              Clear all
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
