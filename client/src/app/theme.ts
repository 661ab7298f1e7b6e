import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Brand navy #0D1B41 at shade 8 (filled buttons, active navigation); lighter shades for tints. */
const navy: MantineColorsTuple = [
  '#eef1f8',
  '#dde2ef',
  '#b8c2dd',
  '#8f9fc9',
  '#6c81b8',
  '#5470ad',
  '#3f5a98',
  '#22346b',
  '#0D1B41',
  '#081230',
];

export const BRAND_NAVY = '#0D1B41';

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  colors: { navy },
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  /** Mobile mode below 600 px (spec §9): `xs` is that threshold, so hiddenFrom="xs" means "phones only". */
  breakpoints: { xs: '37.5em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: {
      defaultProps: {
        radius: 'md',
        centered: true,
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close' },
      },
      styles: {
        title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', color: 'var(--mantine-color-navy-8)' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    TextInput: { defaultProps: { size: 'sm' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    Notification: { defaultProps: { radius: 'md' } },
  },
});

export const MOBILE_QUERY = '(max-width: 37.49em)';
