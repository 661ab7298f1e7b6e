import { ColorInput, Group, Input, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { readableTextOn } from '../../shared/initials';
import { isDefaultColour, ownersOf, SWATCHES, usedByLabel } from './colourPalette';
import classes from './ColourPicker.module.css';

interface ColourPickerProps {
  value: string;
  onChange: (hex: string) => void;
  /** Upper-case #RRGGBB → the other active users who have it. */
  taken: ReadonlyMap<string, string[]>;
  error?: React.ReactNode;
}

/**
 * A user's calendar colour: one click on a swatch, the ones others already have marked with a dot
 * and named on hover; a custom colour stays possible below. The default navy is called out, since
 * it is also Available for Requests' colour.
 */
export function ColourPicker({ value, onChange, taken, error }: ColourPickerProps) {
  const current = value.toUpperCase();
  return (
    <Input.Wrapper label="Colour" description="Marks this person's jobs on the calendar" error={error}>
      <Stack gap={8} mt={6}>
        <div role="radiogroup" aria-label="Colour" className={classes.swatches}>
          {SWATCHES.map((swatch) => {
            const owners = ownersOf(swatch.hex, taken);
            const users = owners.length ? owners : undefined;
            const checked = current === swatch.hex;
            const hint = users ? usedByLabel(users) : swatch.name;
            return (
              <Tooltip key={swatch.hex} label={hint} withArrow openDelay={150}>
                <UnstyledButton
                  role="radio"
                  aria-checked={checked}
                  aria-label={users ? `${swatch.name}, ${hint.toLowerCase()}` : swatch.name}
                  className={classes.swatch}
                  data-checked={checked || undefined}
                  data-taken={users ? true : undefined}
                  style={{ background: swatch.hex, color: readableTextOn(swatch.hex) }}
                  onClick={() => onChange(swatch.hex)}
                >
                  {checked && <IconCheck size={16} stroke={3} />}
                  {users && <span className={classes.takenDot} aria-hidden />}
                </UnstyledButton>
              </Tooltip>
            );
          })}
        </div>
        <Group gap="sm" wrap="nowrap" align="center">
          <ColorInput
            aria-label="Custom colour"
            placeholder="#RRGGBB"
            format="hex"
            withPicker
            withEyeDropper={false}
            value={value}
            onChange={onChange}
            w={140}
            size="xs"
            style={{ flexShrink: 0 }}
          />
          <Text size="xs" c="dimmed">
            {isDefaultColour(value)
              ? 'Default colour: the same navy as Available for Requests. Pick one so their jobs stand out.'
              : ownersOf(current, taken).length
                ? `${usedByLabel(ownersOf(current, taken))}.`
                : 'Or a colour of your own.'}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
