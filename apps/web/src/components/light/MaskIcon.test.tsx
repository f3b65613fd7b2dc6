import { IconArrowDown, IconDots, IconEye, IconLock, IconSelector, IconUsersGroup } from '@tabler/icons-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { iconMask } from './MaskIcon';

const svgOf = (mask: string) => decodeURIComponent(/^url\("data:image\/svg\+xml,(.*)"\)$/.exec(mask)?.[1] ?? '');

describe('iconMask', () => {
  it('is the SVG Tabler draws for the icon at that size and stroke, in black', () => {
    for (const [Icon, size, stroke] of [
      [IconEye, 18, 2],
      [IconDots, 18, 2],
      [IconLock, 18, 1.6],
      [IconUsersGroup, 18, 1.6],
      [IconSelector, 14, 2],
      [IconArrowDown, 14, 2],
    ] as const) {
      expect(svgOf(iconMask(Icon, size, stroke))).toBe(renderToStaticMarkup(<Icon size={size} stroke={stroke} color="black" />));
    }
  });

  it('is made once for each icon, size and stroke', () => {
    expect(iconMask(IconEye, 18, 2)).toBe(iconMask(IconEye, 18, 2));
    expect(iconMask(IconEye, 18, 2)).not.toBe(iconMask(IconEye, 16, 2));
    expect(iconMask(IconEye, 18, 2)).not.toBe(iconMask(IconEye, 18, 1.6));
  });
});
