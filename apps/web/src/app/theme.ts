import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm, professional palette: a deep vault blue on light neutral surfaces. */
const vault: MantineColorsTuple = [
  '#eef4fb',
  '#dbe6f3',
  '#b3cae6',
  '#88acd9',
  '#6593ce',
  '#4e83c8',
  '#3f7ac6',
  '#3068af',
  '#265c9d',
  '#1c4e80',
];

export const theme = createTheme({
  primaryColor: 'vault',
  primaryShade: { light: 8, dark: 5 },
  colors: { vault },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'md', centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});
