import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { DEFAULT_COLOUR_HINT, FLAG_TEXT_COLOR } from './colourPalette';

/** Points out an active person still on the default colour: their jobs look like Available for Requests. */
export function DefaultColourBadge() {
  return (
    <Tooltip label={DEFAULT_COLOUR_HINT} withArrow multiline w={220}>
      <Badge
        variant="light"
        color="orange"
        radius="sm"
        tt="none"
        fw={600}
        tabIndex={0}
        // Whole, never 'Default c…': the table's name column widens for it.
        styles={{ root: { color: FLAG_TEXT_COLOR, flexShrink: 0 }, label: { overflow: 'visible' } }}
      >
        Default colour
        <VisuallyHidden>: {DEFAULT_COLOUR_HINT}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
