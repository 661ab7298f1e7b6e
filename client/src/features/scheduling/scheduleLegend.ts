import { AVAILABILITY_SHADE_COLOR, AVAILABLE_COLOR, INTERNAL_COLOR } from '../../../../src/shared/job-colours';
import { DEFAULT_COLOUR_HINT, isDefaultColour } from '../users/colourPalette';
import type { LegendItem } from './CalendarLegend';
import type { JobPerson } from './jobs';

/** How many names of people on the default colour the legend spells out before '+N more'. */
const NAMED = 3;

/**
 * The Job Schedule's legend: the fixed colours, then each lead employee's own colour. People still on
 * the default navy are not listed as if it were their colour (it reads as Available for Requests):
 * they are gathered in one flagged entry that says so and asks for a colour.
 */
export function scheduleLegend(employees: readonly JobPerson[], showsAvailability: boolean): LegendItem[] {
  const items: LegendItem[] = [
    { label: 'Internal', color: INTERNAL_COLOR },
    { label: 'Available for Requests', color: AVAILABLE_COLOR },
  ];
  const coloured = employees.filter((e) => !isDefaultColour(e.colorCode));
  const onDefault = employees.filter((e) => isDefaultColour(e.colorCode));
  if (employees.length) items.push({ label: 'Lead employee:', caption: true });
  items.push(...coloured.map((e) => ({ label: e.fullName, color: e.colorCode as string })));
  if (onDefault.length) {
    const names = onDefault.slice(0, NAMED).map((e) => e.fullName);
    const more = onDefault.length - names.length;
    items.push({
      label: `${names.join(', ')}${more ? ` +${more} more` : ''}: default colour`,
      color: AVAILABLE_COLOR,
      flagged: true,
      hint: `${onDefault.map((e) => e.fullName).join(', ')}: ${onDefault.length === 1 ? DEFAULT_COLOUR_HINT : DEFAULT_COLOUR_HINT.replace("this person's", "these people's")} (Users, Edit).`,
    });
  }
  if (showsAvailability)
    items.push({ label: 'Available (weekly availability)', color: AVAILABILITY_SHADE_COLOR, shade: true });
  return items;
}
