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
  // Filled badges and buttons take dark text where white would fall under WCAG AA's 4.5:1 (white
  // reaches 4.5:1 only on colours darker than a relative luminance of about 0.18).
  autoContrast: true,
  luminanceThreshold: 0.18,
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // A field's help line goes under it, so fields side by side line up whether or not they have one.
    InputWrapper: { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } },
    // The close "×" has no text of its own: screen readers need a name for it.
    Modal: {
      defaultProps: {
        radius: 'md',
        centered: true,
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close dialog' },
      },
    },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});
