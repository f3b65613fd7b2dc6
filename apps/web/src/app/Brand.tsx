import { IconShieldLock } from '@tabler/icons-react';
import { LightThemeIcon, unstyledButtonClass } from '../components/light/header-parts';
import { Group } from '../components/light/layout';
import { MANTINE } from '../components/light/mantine-classes';
import { PlainLink } from '../components/light/PlainLink';

export const PRODUCT_NAME = 'Vault Admin Portal';

/** Mantine's Text at weight 700, 17px, in vault 9, on one line. */
const NAME_STYLE = {
  letterSpacing: '-0.2px',
  whiteSpace: 'nowrap',
  color: 'var(--mantine-color-vault-9)',
  fontSize: 'calc(1.0625rem * var(--mantine-scale))',
  fontWeight: 700,
} as const;

/** The brand link of every header. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <PlainLink to={to} aria-label={`${PRODUCT_NAME} home`} className={unstyledButtonClass()}>
      <Group gap={10} wrap="nowrap">
        <LightThemeIcon size={34} background="linear-gradient(135deg, var(--mantine-color-vault-9) 0%, var(--mantine-color-vault-6) 100%)">
          <IconShieldLock size={20} stroke={1.8} />
        </LightThemeIcon>
        <p className={`mantine-focus-auto ${MANTINE.text} mantine-Text-root mantine-visible-from-xs`} style={NAME_STYLE}>
          {PRODUCT_NAME}
        </p>
      </Group>
    </PlainLink>
  );
}
