import { Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type MessageItem,
  type MessageKind,
} from '@vault/contract';
import { useConfirm } from '../../components/confirm-context';
import { MaskIcon } from '../../components/light/MaskIcon';
import { RowActionButton } from '../../components/light/RowAction';
import { FilterSelect } from '../../components/list/FilterSelect';
import { actionsColumn, ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { MessageStatus } from '../../components/MessageStatus';
import { formatDateTime } from '../../lib/dates';
import { useListFilters, useListState } from '../../lib/list-state';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { messageKeys, sendAgain, useMessages } from './api';

const NO_COLUMNS: string[] = [];
const kindLabel = (kind: string) => MESSAGE_KIND_LABELS[kind as MessageKind] ?? kind;

/** The portal's messages: who got what, and whether it left; "Send again" for one that did not arrive. */
export function SentMessagesTab() {
  const { sponsorId } = useSponsor();
  const { params, update } = useListFilters();
  const paging = useListState({ key: 'messages', columns: NO_COLUMNS, filters: ['kind', 'status'] });
  const q = {
    offset: paging.offset,
    limit: paging.limit,
    search: paging.search?.fieldValue || undefined,
    kind: params.get('kind') || undefined,
    status: params.get('status') || undefined,
  };
  const query = useMessages(sponsorId, q);
  const qc = useQueryClient();
  const { confirm } = useConfirm();
  const canManage = useRights().has('hasManageMessagesAccess');

  const again = (m: MessageItem) =>
    void confirm({
      title: 'Send Again',
      message: `Send "${m.subject}" to ${m.toAddress} again?`,
      command: () => sendAgain(sponsorId, m.id),
      onDone: () => void qc.invalidateQueries({ queryKey: messageKeys.all(sponsorId) }),
    });

  return (
    <Stack gap={0}>
      <ListToolbar
        label="Search messages"
        fields={[{ value: 'toAddress', label: 'Recipient' }]}
        list={paging}
        placeholder={() => 'Part of the recipient’s address'}
        filters={
          <Group gap="md" wrap="wrap" align="flex-end">
            <FilterSelect
              label="Kind"
              data={[{ value: '', label: 'Any kind' }, ...MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }))]}
              param="kind"
              value={q.kind ?? ''}
              update={update}
              w={230}
            />
            <FilterSelect
              label="Status"
              data={[{ value: '', label: 'Any status' }, ...MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s] }))]}
              param="status"
              value={q.status ?? ''}
              update={update}
              w={170}
            />
          </Group>
        }
      />
      <ListTable<MessageItem>
        label="Messages"
        list={paging}
        query={query}
        portalChosen={sponsorId > 0}
        empty={{ none: 'No messages match.', noPortal: 'Choose a portal to see its messages.' }}
        columns={[
          { accessor: 'createdAt', title: 'Queued', noWrap: true, render: (m) => formatDateTime(m.createdAt) },
          { accessor: 'toAddress', title: 'Recipient', render: (m) => m.toAddress },
          {
            accessor: 'subject',
            title: 'Message',
            render: (m) => (
              <Stack gap={0}>
                <Text size="sm" fw={500} lineClamp={2} maw={360}>
                  {m.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {kindLabel(m.kind)} · {m.locale.toUpperCase()}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: 'Status',
            render: (m) => <MessageStatus message={m} />,
          },
          actionsColumn((m) => (
            <Tooltip label="Send again">
              <RowActionButton
                aria-label={`Send again to ${m.toAddress}`}
                disabled={!canManage || m.status === 'sending'}
                onClick={() => again(m)}
              >
                <MaskIcon icon={IconSend} size={16} />
              </RowActionButton>
            </Tooltip>
          )),
        ]}
      />
      <Paper p="xs" mt="xs" bg="transparent">
        <Text size="xs" c="dimmed">
          Links in a message work once; they are removed from the stored copy once it is sent. To send a new link, use the person’s own
          action (Resend activation, Send password reset, Resend invitation).
        </Text>
      </Paper>
    </Stack>
  );
}
