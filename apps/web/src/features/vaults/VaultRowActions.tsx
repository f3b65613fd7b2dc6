import { IconArchive, IconDots, IconEye, IconTrash } from '@tabler/icons-react';
import type { VaultHolderItem } from '@vault/contract';
import { DeferredMenu } from '../../components/deferred/DeferredMenu';
import { DeferredTooltip } from '../../components/deferred/DeferredTooltip';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton, RowActionLink } from '../../components/light/RowAction';
import { fullName } from '../../lib/person-name';
import type { useRights } from '../../lib/rights';
import { detailPath } from './HolderCells';
import { actionsFor } from './holder-status-actions';
import { accountActions, type useHolderActions } from './useHolderActions';

/** A vault list row's actions: the details link, and a menu whose Mantine code loads when first opened. */
export function VaultRowActions({
  holder: h,
  actions,
  rights,
}: {
  holder: VaultHolderItem;
  actions: ReturnType<typeof useHolderActions>;
  rights: ReturnType<typeof useRights>;
}) {
  const allowed = actionsFor(h.statusId);
  return (
    <>
      <DeferredTooltip label="Vault details">
        <RowActionLink to={detailPath(h)} aria-label={`Open ${fullName(h)}`}>
          <MaskIcon icon={IconEye} size={18} />
        </RowActionLink>
      </DeferredTooltip>
      <DeferredMenu
        position="bottom-end"
        withinPortal
        target={
          <RowActionButton aria-label={`Actions for ${fullName(h)}`}>
            <MaskIcon icon={IconDots} size={18} />
          </RowActionButton>
        }
      >
        {(Menu) => (
          <>
            {accountActions(h, actions, rights.canResetMfa).map(({ label, Icon, enabled, onClick }) => (
              <Menu.Item key={label} leftSection={<Icon size={16} />} disabled={!enabled} onClick={onClick}>
                {label}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item
              color="orange"
              leftSection={<IconArchive size={16} />}
              disabled={!allowed.archive || !rights.canArchive}
              onClick={() => actions.startArchive(h)}
            >
              Archive vault
            </Menu.Item>
            {/* Deleting cannot be undone: kept apart from Archive, which keeps the data. */}
            <Menu.Divider />
            <Menu.Label>Cannot be undone</Menu.Label>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={!rights.canArchive}
              onClick={() => actions.run('delete', h)}
            >
              Delete
            </Menu.Item>
          </>
        )}
      </DeferredMenu>
    </>
  );
}
