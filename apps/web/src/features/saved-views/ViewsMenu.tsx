import { Badge, Button, Group, Menu } from '@mantine/core';
import { IconBookmarks, IconCheck, IconDeviceFloppy, IconSettings } from '@tabler/icons-react';
import { SAVED_VIEW_LISTS, SAVED_VIEW_SHARE_FLAG, type SavedViewItem, type SavedViewList, type SavedViewState } from '@vault/contract';
import { useEffect, useRef, useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { errorMessage } from '../../lib/api';
import type { ListViews } from '../../lib/list-state';
import { useRights } from '../../lib/rights';
import { useSavedViewMutations, useSavedViews } from './api';
import { ManageViewsDialog } from './ManageViewsDialog';
import { type SaveViewBody, SaveViewDialog } from './SaveViewDialog';
import { useViewState } from './view-state';

export interface ViewsMenuProps {
  views: ListViews;
  sponsorId: number;
}

const isSavedViewList = (key: string): key is SavedViewList => (SAVED_VIEW_LISTS as readonly string[]).includes(key);

/** A state's parts in one order, without the empty ones: two states that show the same rows compare equal. */
const canonical = (s: SavedViewState) =>
  JSON.stringify({
    search: s.search?.fieldValue ? s.search : null,
    filters: Object.entries(s.filters ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    sort: s.sort ?? null,
    columns: s.columns ?? null,
  });

/**
 * The "Views" menu of a list (issue 35 part 4): open a saved view, save the list as it is now,
 * manage the views. It also opens the view the address names (`savedView=<id>`) and, when the list
 * opens with nothing in its address, the person's default view.
 */
export default function ViewsMenu({ views, sponsorId }: ViewsMenuProps) {
  if (!isSavedViewList(views.key)) return null;
  return <ListViewsMenu views={views} list={views.key} sponsorId={sponsorId} />;
}

function ListViewsMenu({ views: source, list, sponsorId }: ViewsMenuProps & { list: SavedViewList }) {
  const views = useViewState(source);
  const query = useSavedViews(sponsorId, list);
  const m = useSavedViewMutations(sponsorId, list);
  const { alert, confirm } = useConfirm();
  const canShare = useRights().has(SAVED_VIEW_SHARE_FLAG[list]);
  const [editing, setEditing] = useState<SavedViewItem | 'new' | null>(null);
  const [managing, setManaging] = useState(false);
  const saved = query.data?.data ?? [];
  const current = canonical(views.state);

  // The view the address names, else (once per list and portal opened) the person's default.
  const opened = useRef<string | null>(null);
  const mountedAt = useRef(Date.now());
  const { requested, hasState, apply } = views;
  const { data, isFetching, dataUpdatedAt, refetch } = query;
  useEffect(() => {
    if (!data) return;
    const mark = `${sponsorId}:${list}`;
    if (requested !== null) {
      opened.current = mark;
      const view = data.data.find((v) => v.id === requested);
      if (view) apply(view.state, { replace: true });
      // Views cached before this list opened may miss one a colleague has just shared: ask again first.
      else if (isFetching) return;
      else if (dataUpdatedAt < mountedAt.current) void refetch();
      else {
        apply(views.state, { replace: true });
        void alert({ title: 'Views', message: 'This saved view was not found: it was deleted, or it is not shared with you.' });
      }
      return;
    }
    if (opened.current === mark) return;
    opened.current = mark;
    const byDefault = data.data.find((v) => v.isDefault);
    if (byDefault && !hasState) apply(byDefault.state, { replace: true });
  }, [data, isFetching, dataUpdatedAt, refetch, requested, hasState, apply, views.state, sponsorId, list, alert]);

  const save = async (body: SaveViewBody) => {
    if (editing === 'new') await m.create.mutateAsync({ ...body, state: body.state ?? views.state });
    else if (editing) await m.update.mutateAsync({ id: editing.id, body });
    setEditing(null);
  };

  const toggleDefault = async (v: SavedViewItem) => {
    try {
      await m.update.mutateAsync({ id: v.id, body: { isDefault: !v.isDefault } });
    } catch (err) {
      await alert({ title: 'Views', message: errorMessage(err) });
    }
  };

  const remove = (v: SavedViewItem) =>
    void confirm({
      title: 'Delete View',
      message: v.shared
        ? `Delete the shared view "${v.name}"? It goes for every administrator of this portal.`
        : `Delete the view "${v.name}"?`,
      command: () => m.remove(v.id),
      onDone: () => void m.invalidate(),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmarks size={16} />}>
            Views
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Saved views</Menu.Label>
          {query.isPending && <Menu.Item disabled>Loading…</Menu.Item>}
          {query.isError && <Menu.Item disabled>The views could not be loaded.</Menu.Item>}
          {query.isSuccess && saved.length === 0 && <Menu.Item disabled>No saved views yet</Menu.Item>}
          {saved.map((v) => {
            const isOpen = canonical(v.state) === current;
            return (
              <Menu.Item
                key={v.id}
                onClick={() => apply(v.state)}
                leftSection={<IconCheck size={14} style={{ visibility: isOpen ? 'visible' : 'hidden' }} aria-hidden />}
                aria-current={isOpen ? 'true' : undefined}
                rightSection={
                  (v.isDefault || v.shared) && (
                    <Group gap={4}>
                      {v.shared && (
                        <Badge size="xs" variant="light" color="gray">
                          Shared
                        </Badge>
                      )}
                      {v.isDefault && (
                        <Badge size="xs" variant="light">
                          Default
                        </Badge>
                      )}
                    </Group>
                  )
                }
              >
                {v.name}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={14} />} onClick={() => setEditing('new')}>
            Save current view…
          </Menu.Item>
          <Menu.Item leftSection={<IconSettings size={14} />} onClick={() => setManaging(true)} disabled={saved.length === 0}>
            Manage views…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ManageViewsDialog
        opened={managing && editing === null}
        views={saved}
        onClose={() => setManaging(false)}
        onOpen={(v) => {
          setManaging(false);
          apply(v.state);
        }}
        onEdit={setEditing}
        onToggleDefault={(v) => void toggleDefault(v)}
        onDelete={remove}
      />
      {editing && (
        <SaveViewDialog
          view={editing === 'new' ? null : editing}
          current={views.state}
          canShare={canShare}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </>
  );
}
