import { Button, Group, Menu, Stack, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconDots, IconEye, IconKey, IconMailForward, IconShieldLock } from '@tabler/icons-react';
import { STATUS } from '@vault/contract';
import type { ReactNode } from 'react';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton, RowActionLink } from '../../components/light/RowAction';

/** The account actions every kind of person has (administrator, representative, trusted collaborator). */
export type PersonAction = 'activate' | 'deactivate' | 'resetpassword' | 'activation-email';

/** Which account actions fit a status. */
export const actionsFor = (statusId: number) => ({
  activate: statusId === STATUS.inactive || statusId === STATUS.pending,
  deactivate: statusId === STATUS.active || statusId === STATUS.pending,
  resetpassword: statusId === STATUS.active,
  'activation-email': statusId === STATUS.pending,
});

export interface PersonActionsProps {
  statusId: number;
  onRun: (action: PersonAction) => void;
  /** "Resend activation link" for administrators, "Send activation link" for advisors. */
  activationLabel: string;
  /** Extra reason to keep Deactivate disabled (e.g. one's own account). */
  deactivateDisabled?: boolean;
  /** Shown only when given (the user may reset MFA). */
  resetMfa?: { onClick: () => void; disabled?: boolean };
}

/** The account action buttons of a detail page, in a column. `children` go first. */
export function PersonActionButtons({
  statusId,
  onRun,
  activationLabel,
  deactivateDisabled = false,
  resetMfa,
  children,
}: PersonActionsProps & { children?: ReactNode }) {
  const allowed = actionsFor(statusId);
  return (
    <Stack gap="xs">
      {children}
      <Button variant="light" leftSection={<IconCircleCheck size={16} />} disabled={!allowed.activate} onClick={() => onRun('activate')}>
        Activate
      </Button>
      <Button variant="light" leftSection={<IconKey size={16} />} disabled={!allowed.resetpassword} onClick={() => onRun('resetpassword')}>
        Reset password
      </Button>
      <Button
        variant="light"
        leftSection={<IconMailForward size={16} />}
        disabled={!allowed['activation-email']}
        onClick={() => onRun('activation-email')}
      >
        {activationLabel}
      </Button>
      {resetMfa && (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconShieldLock size={16} />}
          disabled={resetMfa.disabled}
          onClick={resetMfa.onClick}
        >
          Reset MFA
        </Button>
      )}
      <Button
        variant="light"
        color="red"
        leftSection={<IconCircleOff size={16} />}
        disabled={!allowed.deactivate || deactivateDisabled}
        onClick={() => onRun('deactivate')}
      >
        Deactivate
      </Button>
    </Stack>
  );
}

/**
 * The "Actions for {name}" menu of a list row. `first` goes at the top of the menu, `extra` after
 * the activation link item (before Reset MFA).
 */
export function PersonActionsMenu({
  name,
  statusId,
  onRun,
  activationLabel,
  deactivateDisabled = false,
  resetMfa,
  first,
  extra,
}: PersonActionsProps & { name: string; first?: ReactNode; extra?: ReactNode }) {
  const allowed = actionsFor(statusId);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <RowActionButton aria-label={`Actions for ${name}`}>
          <MaskIcon icon={IconDots} size={18} />
        </RowActionButton>
      </Menu.Target>
      <Menu.Dropdown>
        {first}
        <Menu.Item leftSection={<IconCircleCheck size={16} />} disabled={!allowed.activate} onClick={() => onRun('activate')}>
          Activate
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} />} disabled={!allowed.resetpassword} onClick={() => onRun('resetpassword')}>
          Reset password
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMailForward size={16} />}
          disabled={!allowed['activation-email']}
          onClick={() => onRun('activation-email')}
        >
          {activationLabel}
        </Menu.Item>
        {extra}
        {resetMfa && (
          <Menu.Item leftSection={<IconShieldLock size={16} />} disabled={resetMfa.disabled} onClick={resetMfa.onClick}>
            Reset MFA
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconCircleOff size={16} />}
          disabled={!allowed.deactivate || deactivateDisabled}
          onClick={() => onRun('deactivate')}
        >
          Deactivate
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The actions cell of a people list row: the eye that opens the person, then the actions menu. */
export function PersonRowActions({ open, ...menu }: PersonActionsProps & { name: string; open: { label: string; to: string } }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={open.label}>
        <RowActionLink to={open.to} aria-label={`Open ${menu.name}`}>
          <MaskIcon icon={IconEye} size={18} />
        </RowActionLink>
      </Tooltip>
      <PersonActionsMenu {...menu} />
    </Group>
  );
}
