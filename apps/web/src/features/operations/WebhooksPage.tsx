import { Alert, Anchor, Badge, Button, Checkbox, Group, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ALL_WEBHOOK_EVENTS,
  createWebhookBody,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookItem,
} from '@vault/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { FormButtons, FormModal } from '../../components/dialog-parts';
import { actionsColumn, ListTable } from '../../components/list/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { type SecretOnce, SecretOnceDialog } from '../../components/SecretOnceDialog';
import { errorMessages } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { contractRules, serverFieldErrors } from '../../lib/form';
import { useSponsor } from '../../lib/session';
import { useWebhookMutations, useWebhooks } from './api';

export const WEBHOOKS_PATH = '/app-integrations/webhooks';

const eventLabel = (e: string) => (e === ALL_WEBHOOK_EVENTS ? 'Every event' : (WEBHOOK_EVENT_LABELS[e as WebhookEventType] ?? e));

/** On, off, or turned off by the service after deliveries kept failing. */
export function WebhookState({ webhook }: { webhook: WebhookItem }) {
  if (webhook.enabled) return <Badge color="teal">On</Badge>;
  return (
    <Badge color={webhook.disabledForFailuresAt ? 'red' : 'gray'}>{webhook.disabledForFailuresAt ? 'Off: deliveries failed' : 'Off'}</Badge>
  );
}

export function WebhooksPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const query = useWebhooks(sponsorId);
  const m = useWebhookMutations(sponsorId);
  const { confirm, alert } = useConfirm();
  const [editing, setEditing] = useState<WebhookItem | 'new' | null>(null);
  const [issued, setIssued] = useState<SecretOnce | null>(null);

  const rotate = async (w: WebhookItem) => {
    const ok = await alert({
      title: 'Rotate Signing Secret',
      message: `Issue a new signing secret for ${w.url}? Deliveries are signed with the new one at once; the receiver must be given it.`,
      withOk: true,
      closeLabel: 'Cancel',
      okLabel: 'Yes',
    });
    if (!ok) return;
    try {
      const result = await m.rotate.mutateAsync(w.id);
      setIssued({ name: w.url, message: 'The signing secret was replaced.', secret: result.secret });
    } catch (err) {
      await alert({ message: errorMessages(err) });
    }
  };

  const remove = (w: WebhookItem) =>
    void confirm({
      title: 'Delete Webhook',
      message: `Delete the webhook to ${w.url} of ${sponsorCode}? Its delivery log is deleted with it and no more events are sent to it.`,
      command: () => m.remove(w.id),
      onDone: () => void m.invalidate(),
    });

  return (
    <Stack gap={0}>
      <Anchor component={Link} to="/app-integrations" size="sm" mb="xs">
        App Integrations
      </Anchor>
      <PageHeader
        title="Webhooks"
        description="Send this portal's events to your own systems. Each delivery is signed (Standard Webhooks) with the webhook's secret."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={sponsorId === 0}>
            Add Webhook
          </Button>
        }
      />
      <ListTable<WebhookItem>
        label="Webhooks"
        what="webhooks"
        query={query}
        minHeight={200}
        portalChosen={sponsorId > 0}
        empty={{ none: 'No webhook yet. Add one to send events to an endpoint.', noPortal: 'Choose a portal to see its webhooks.' }}
        columns={[
          {
            accessor: 'url',
            title: 'Endpoint',
            render: (w) => (
              <Stack gap={2}>
                <Anchor component={Link} to={`${WEBHOOKS_PATH}/${w.id}`} size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                  {w.url}
                </Anchor>
                {w.description && (
                  <Text size="xs" c="dimmed">
                    {w.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'events',
            title: 'Events',
            render: (w) => (
              <Group gap={4}>
                {w.events.map((e) => (
                  <Badge key={e} size="sm" variant="light" color="indigo">
                    {eventLabel(e)}
                  </Badge>
                ))}
              </Group>
            ),
          },
          { accessor: 'enabled', title: 'State', noWrap: true, render: (w) => <WebhookState webhook={w} /> },
          {
            accessor: 'lastDelivery',
            title: 'Last delivery',
            render: (w) =>
              w.lastDelivery
                ? `${WEBHOOK_DELIVERY_STATUS_LABELS[w.lastDelivery.status]}, ${formatDateTime(w.lastDelivery.at)}`
                : 'None yet',
          },
          actionsColumn((w) => (
            <>
              <Button size="xs" variant="light" component={Link} to={`${WEBHOOKS_PATH}/${w.id}`} aria-label={`Delivery log of ${w.url}`}>
                Delivery log
              </Button>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEditing(w)}
                aria-label={`Edit ${w.url}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconKey size={14} />}
                onClick={() => rotate(w)}
                loading={m.rotate.isPending && m.rotate.variables === w.id}
                aria-label={`Rotate secret of ${w.url}`}
              >
                Rotate secret
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => remove(w)}
                aria-label={`Delete ${w.url}`}
              >
                Delete
              </Button>
            </>
          )),
        ]}
      />
      {editing && (
        <WebhookDialog
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') {
              const result = await m.create.mutateAsync(body);
              setIssued({ name: result.webhook.url, message: 'The webhook was added.', secret: result.secret });
            } else await m.update.mutateAsync({ id: editing.id, body });
            setEditing(null);
          }}
        />
      )}
      <SecretOnceDialog
        title="Signing Secret"
        testId="webhook-secret"
        rotateHint="rotate the secret"
        issued={issued}
        onClose={() => setIssued(null)}
      />
    </Stack>
  );
}

interface FormValues {
  url: string;
  description: string;
  every: boolean;
  events: string[];
  enabled: boolean;
}

const bodyOf = (v: FormValues) => ({
  url: v.url.trim(),
  description: v.description.trim(),
  events: (v.every ? [ALL_WEBHOOK_EVENTS] : v.events) as (WebhookEventType | '*')[],
  enabled: v.enabled,
});
const FIELDS = ['url', 'description', 'events', 'enabled'] as const;

export function WebhookDialog({
  webhook,
  onClose,
  onSave,
}: {
  webhook: WebhookItem | null;
  onClose: () => void;
  onSave: (body: ReturnType<typeof bodyOf>) => Promise<void>;
}) {
  const form = useForm<FormValues>({
    initialValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      every: webhook ? webhook.events.includes(ALL_WEBHOOK_EVENTS) : true,
      events: webhook && !webhook.events.includes(ALL_WEBHOOK_EVENTS) ? webhook.events : [],
      enabled: webhook?.enabled ?? true,
    },
    // The server's own schema of the body (its fields are the form's).
    validate: (v) => contractRules(createWebhookBody)(bodyOf(v)),
  });
  const [failure, setFailure] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (v: FormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave(bodyOf(v));
    } catch (err) {
      const onFields = serverFieldErrors(err, FIELDS);
      if (onFields) form.setErrors(onFields);
      setFailure(errorMessages(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal opened onClose={onClose} title={webhook ? 'Edit Webhook' : 'Add Webhook'}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Endpoint URL"
            required
            placeholder="https://"
            description="HTTPS; plain http only to this machine, for development"
            {...form.getInputProps('url')}
          />
          <TextInput label="Description" {...form.getInputProps('description')} />
          <Checkbox label="Every event, including events added later" {...form.getInputProps('every', { type: 'checkbox' })} />
          {!form.values.every && (
            <MultiSelect
              label="Events"
              required
              data={WEBHOOK_EVENT_TYPES.map((e) => ({ value: e, label: WEBHOOK_EVENT_LABELS[e] }))}
              {...form.getInputProps('events')}
            />
          )}
          <Switch label="On (send events)" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          {failure && (
            <Alert color="red" role="alert">
              {failure.join(' ')}
            </Alert>
          )}
          {!webhook && (
            <Text size="xs" c="dimmed">
              Adding creates a signing secret for this webhook. It is shown once, right after saving.
            </Text>
          )}
          <FormButtons busy={saving} onCancel={onClose} submitLabel={webhook ? 'Save' : 'Add'} mt="sm" />
        </Stack>
      </form>
    </FormModal>
  );
}

export { WebhooksPage as Component };
