/*
 * The class names of Mantine's own stylesheets (main-styles.ts loads them) that the light components
 * put on plain elements, so that they look exactly as the Mantine components they stand for.
 * mantine-look.dom.test.tsx renders each light component beside the Mantine one, so a Mantine release
 * that renames a class or changes the markup fails the tests instead of unstyling the first screen.
 */
export const MANTINE = {
  unstyledButton: 'm_87cf2631',
  group: 'm_4081bf90',
  stack: 'm_6d731127',
  paper: 'm_1b7284a3',
  text: 'm_b6d8b162',
  title: 'm_8a5d1357',
  button: { root: 'm_77c9d27d', inner: 'm_80f1301b', label: 'm_811560b9', section: 'm_a74036a', loader: 'm_a25b86ee' },
  input: { root: 'm_46b77525', wrapper: 'm_6c018570', input: 'm_8fb7ebe7', section: 'm_82577fc2', label: 'm_8fdc1311' },
  pagination: { root: 'm_4addd315', control: 'm_326d024a', dots: 'm_4ad7767d' },
  burger: { root: 'm_fea6bf1a', burger: 'm_d4fb9cad' },
  themeIcon: 'm_7341320d',
  avatar: { root: 'm_f85678b6', placeholder: 'm_104cd71f' },
  loader: { root: 'm_5ae2e3c', oval: 'm_b34414df', dots: 'm_4e3f22d7', dot: 'm_870c4af' },
  center: 'm_4451eb3a',
  anchor: 'm_849cf0da',
  badge: { root: 'm_347db0ec', label: 'm_5add502a' },
  alert: {
    root: 'm_66836ed3',
    wrapper: 'm_a5d60502',
    body: 'm_667c2793',
    title: 'm_6a03f287',
    label: 'm_698f4f23',
    icon: 'm_667f2a6a',
    message: 'm_7fa78076',
  },
} as const;

/** The theme's primary colour (app/theme.ts; the markup test checks they agree). */
export const PRIMARY = 'vault';

/** Class names joined, the falsy ones left out. */
export const classNames = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** An id for a light component's element, in Mantine's form (`mantine-…`), from React's useId. */
export const mantineId = (reactId: string) => `mantine-${reactId.replace(/:/g, '')}`;

/** Mantine's `rem()`: a pixel number as rem scaled by the theme's scale. */
export const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/** Mantine's spacing: a theme size name as its variable, a number as rem. */
export const spacing = (v: number | string) => (typeof v === 'number' ? rem(v) : `var(--mantine-spacing-${v})`);
