import { IconDots, IconEye } from '@tabler/icons-react';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { iconMask, MaskIcon } from './MaskIcon';

it("gives every element of one icon the same class, whose rule in the page's mask stylesheet holds the icon's mask", () => {
  const { container } = render(
    <>
      <MaskIcon icon={IconEye} size={18} />
      <MaskIcon icon={IconEye} size={18} />
      <MaskIcon icon={IconDots} size={18} />
    </>,
  );
  const [a, b, c] = [...container.querySelectorAll('span')];
  expect(a!.className).toBe(b!.className);
  expect(a!.className).not.toBe(c!.className);
  expect(a).toHaveAttribute('aria-hidden', 'true');
  expect(a!.style.width).toBe('18px');
  const own = a!.className.split(' ').find((n) => n.startsWith('mask-'))!;
  const sheet = document.querySelector<HTMLStyleElement>('style[data-mask-icons]')!.sheet!;
  const rule = [...sheet.cssRules].find((r) => r.cssText.startsWith(`.${own}`));
  expect(rule?.cssText).toContain(iconMask(IconEye, 18, 2).slice(0, 60));
});
