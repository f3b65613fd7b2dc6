import { Anchor, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ListResponse, MESSAGE_KIND_LABELS, type MessageItem, type MessageKind } from '@vault/contract';
import { Link } from 'react-router';
import { api, errorMessage } from '../lib/api';
import { formatCount } from '../lib/count';
import { formatDateTime } from '../lib/dates';
import { useSponsor } from '../lib/session';
import { MessageStatus } from './MessageStatus';
import { SectionCard } from './SectionCard';

const SHOWN = 5;

/**
 * The last messages the portal sent to a person, with where each is on its way. Its query key sits
 * under the Messages screen's (`['messages', sponsorId]`), so "Send again" there refreshes it.
 */
export function PersonMessagesCard({ email }: { email: string }) {
  const { sponsorId } = useSponsor();
  const query = useQuery({
    queryKey: ['messages', sponsorId, 'to', email],
    queryFn: ({ signal }) =>
      api<ListResponse<MessageItem>>('GET', '/api/v1/messages', { query: { sponsorId, to: email, offset: 0, limit: SHOWN }, signal }),
    enabled: sponsorId > 0 && email !== '',
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.status !== 'sent' && m.status !== 'failed') ? 3000 : false),
  });
  const all = `/messages?field=toAddress&q=${encodeURIComponent(email)}`;
  return (
    <SectionCard title="Messages">
      {query.isPending && query.fetchStatus !== 'idle' && <Loader size="sm" aria-label="Loading messages" />}
      {query.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(query.error)}
        </Text>
      )}
      {query.data?.data.length === 0 && (
        <Text size="sm" c="dimmed">
          The portal has sent no message to this address.
        </Text>
      )}
      {query.data && query.data.data.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={460}>
            <Table fz="sm" verticalSpacing={6} aria-label={`Messages to ${email}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Queued</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>
                      <Text size="sm" fw={500} lineClamp={2}>
                        {m.subject}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {MESSAGE_KIND_LABELS[m.kind as MessageKind] ?? m.kind} · {m.locale.toUpperCase()}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt)}</Table.Td>
                    <Table.Td>
                      <MessageStatus message={m} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Anchor component={Link} to={all} size="sm" mt="sm" display="inline-block">
            {query.data.total > SHOWN ? `All ${formatCount(query.data.total)} messages to this address` : 'Open in the Messages list'}
          </Anchor>
        </>
      )}
    </SectionCard>
  );
}
