import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CSS_FILE, themeCss } from '../../theme-css';

describe('theme-variables.css', () => {
  it("holds what MantineProvider would write into the page for the portal's theme (run `npm run theme:css` after changing theme.ts)", () => {
    expect(readFileSync(THEME_CSS_FILE, 'utf8')).toBe(themeCss());
  });
});
