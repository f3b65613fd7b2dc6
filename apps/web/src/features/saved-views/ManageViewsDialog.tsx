import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { SavedViewItem } from '@vault/contract';

export interface ManageViewsDialogProps {
  opened: boolean;
  views: SavedViewItem[];
  onClose: () => void;
  onOpen: (view: SavedViewItem) => void;
  onEdit: (view: SavedViewItem) => void;
  onToggleDefault: (view: SavedViewItem) => void;
  onDelete: (view: SavedViewItem) => void;
}

/** Whose a view is, in words. */
export const viewKind = (v: SavedViewItem) =>
  v.shared ? (v.mine ? 'Shared by you' : `Shared by ${v.ownerName ?? 'an administrator'}`) : 'Personal';

/** "Saved Views": every view of the list with Open, Edit, default and Delete. */
export function ManageViewsDialog({ opened, views, onClose, onOpen, onEdit, onToggleDefault, onDelete }: ManageViewsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Saved Views" size="lg" styles={{ title: { fontWeight: 650 } }}>
      <Stack gap="xs">
        {views.length === 0 && <Text size="sm">No saved views yet.</Text>}
        {views.map((v) => (
          <Paper key={v.id} withBorder p="sm" component="section" aria-label={v.name}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {v.name}
                </Text>
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    {viewKind(v)}
                  </Text>
                  {v.isDefault && (
                    <Badge size="xs" variant="light">
                      My default
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Group gap={4} wrap="wrap">
                <Button size="xs" variant="light" onClick={() => onOpen(v)} aria-label={`Open ${v.name}`}>
                  Open
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => onToggleDefault(v)}
                  aria-label={`${v.isDefault ? 'Remove default' : 'Set as default'}: ${v.name}`}
                >
                  {v.isDefault ? 'Remove default' : 'Set as default'}
                </Button>
                {v.canChange && (
                  <>
                    <Button size="xs" variant="subtle" onClick={() => onEdit(v)} aria-label={`Edit ${v.name}`}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(v)} aria-label={`Delete ${v.name}`}>
                      Delete
                    </Button>
                  </>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
