import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDelivery, type WebhookDeliveryStatus } from '@vault/contract';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { ListLoadError } from '../../components/list/ListLoadError';
import { actionsColumn, ListTable } from '../../components/list/ListTable';
import { ListViews } from '../../components/list/ListViews';
import { PageHeader } from '../../components/PageHeader';
import { errorMessages } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useListState } from '../../lib/list-state';
import { useSponsor } from '../../lib/session';
import { useWebhook, useWebhookDeliveries, useWebhookMutations } from './api';
import { WEBHOOKS_PATH, WebhookState } from './WebhooksPage';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'blue',
  delivering: 'blue',
  retrying: 'orange',
  delivered: 'teal',
  failed: 'red',
};
const COLUMNS = ['event', 'status', 'response', 'attempts', 'created', 'lastAttempt', 'nextAttempt', 'error'] as const;

/** One webhook's delivery log: what was sent, how the endpoint answered, and "Deliver again". */
export function WebhookDeliveriesPage() {
  const { sponsorId } = useSponsor();
  const id = Number(useParams().id);
  const webhook = useWebhook(sponsorId, id);
  const list = useListState({ key: 'webhook-deliveries', columns: COLUMNS });
  const query = useWebhookDeliveries(sponsorId, id, list.offset, list.limit);
  const m = useWebhookMutations(sponsorId);
  const { alert } = useConfirm();
  const on = webhook.data?.enabled ?? false;

  const again = async (d: WebhookDelivery) => {
    try {
      await m.redeliver.mutateAsync({ id, deliveryId: d.id });
      await query.refetch();
    } catch (err) {
      await alert({ message: errorMessages(err) });
    }
  };

  return (
    <Stack gap={0}>
      <Anchor component={Link} to={WEBHOOKS_PATH} size="sm" mb="xs">
        Webhooks
      </Anchor>
      <PageHeader
        title="Delivery Log"
        description={
          webhook.data ? (
            <Group gap="xs" component="span">
              <Text span style={{ wordBreak: 'break-all' }}>
                {webhook.data.url}
              </Text>
              <WebhookState webhook={webhook.data} />
            </Group>
          ) : (
            'The events sent to this webhook, newest first.'
          )
        }
        actions={<ListViews views={list.views} />}
      />
      <ListLoadError query={webhook} what="webhook" />
      {webhook.isPending && sponsorId > 0 && <Loader size="sm" />}
      {webhook.data && !on && (
        <Alert color={webhook.data.disabledForFailuresAt ? 'red' : 'gray'} mb="md">
          {webhook.data.disabledForFailuresAt
            ? `Deliveries kept failing for 24 hours, so this webhook was turned off on ${formatDateTime(webhook.data.disabledForFailuresAt)}. Check the endpoint, turn the webhook on again (Edit), then deliver the failed events again.`
            : 'This webhook is off: no events are sent to it. Turn it on (Edit) to deliver again.'}
        </Alert>
      )}
      <ListTable<WebhookDelivery>
        label="Deliveries"
        what="deliveries"
        list={list}
        query={query}
        portalChosen={sponsorId > 0}
        empty={{ none: 'Nothing sent yet: events appear here as they happen.', noPortal: 'Choose a portal to see its webhooks.' }}
        columns={[
          { accessor: 'eventType', title: 'Event', noWrap: true },
          {
            accessor: 'status',
            title: 'Status',
            noWrap: true,
            render: (d) => (
              <Badge size="sm" variant="dot" color={STATUS_COLOR[d.status]} styles={{ label: { overflow: 'visible' } }}>
                {WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}
              </Badge>
            ),
          },
          { accessor: 'responseCode', title: 'Response', render: (d) => d.responseCode ?? '—' },
          { accessor: 'attempts', title: 'Attempts' },
          { accessor: 'createdAt', title: 'Time', noWrap: true, render: (d) => formatDateTime(d.createdAt) },
          {
            accessor: 'lastAttemptAt',
            title: 'Last attempt',
            noWrap: true,
            render: (d) => (d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : '—'),
          },
          {
            accessor: 'nextAttemptAt',
            title: 'Next attempt',
            noWrap: true,
            render: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'),
          },
          { accessor: 'lastError', title: 'Error', render: (d) => d.lastError ?? '' },
          actionsColumn((d) =>
            d.status === 'delivered' || d.status === 'failed' || d.status === 'retrying' ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRepeat size={14} />}
                disabled={!on}
                loading={m.redeliver.isPending && m.redeliver.variables?.deliveryId === d.id}
                onClick={() => again(d)}
                aria-label={`Deliver again: ${d.eventType} ${d.messageId}`}
              >
                Deliver again
              </Button>
            ) : null,
          ),
        ]}
      />
    </Stack>
  );
}

export { WebhookDeliveriesPage as Component };
