import { Alert, Badge, Button, Card, Group, Loader, NumberInput, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive } from '@tabler/icons-react';
import { AUDIT_RETENTION_MAX_MONTHS, type AuditRetention, PEOPLE_FLAG_LABELS, type ServerMessage } from '@vault/contract';
import { useEffect, useState } from 'react';
import { ConfirmDialog, type ConfirmPhase } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { serverFieldErrors } from '../../lib/form';
import { useAuditRetention, useSaveAuditRetention, useSetLegalHold } from './api';

const years = (months: number) => (months % 12 === 0 ? `${months / 12} years` : `${months} months`);
const monthOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * "Retention" on the portal's page (issue 33, decision 0045): how long the audit trail is kept,
 * the legal hold, and who may change each.
 */
export function RetentionCard({ sponsorCode }: { sponsorCode: string }) {
  const retention = useAuditRetention(sponsorCode);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="retention-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconArchive size={20} aria-hidden />
          <Title order={2} size="h4" id="retention-title">
            Retention
          </Title>
        </Group>
        {retention.isPending && <Loader size="sm" aria-label="Loading the retention" />}
        {retention.isError && (
          <Alert color="red" role="alert">
            {errorMessage(retention.error)}
          </Alert>
        )}
        {retention.data && <RetentionBody sponsorCode={sponsorCode} data={retention.data} />}
      </Stack>
    </Card>
  );
}

function RetentionBody({ sponsorCode, data }: { sponsorCode: string; data: AuditRetention }) {
  return (
    <>
      <Text size="sm">
        {`Audit entries are kept for ${years(data.effectiveMonths)}: entries from before ${monthOf(data.keepsFrom)} are removed a month at a time${data.legalHold ? ', except while the portal is on legal hold' : ''}. The service keeps them for at least ${years(data.minimumMonths)}.`}
      </Text>
      {data.canChangePeriod ? (
        <PeriodForm sponsorCode={sponsorCode} data={data} />
      ) : (
        <Text size="sm" c="dimmed">
          The service staff and administrators with “{PEOPLE_FLAG_LABELS.hasManageAdminsAccess}” may change the period.
        </Text>
      )}
      <HoldState sponsorCode={sponsorCode} data={data} />
    </>
  );
}

function PeriodForm({ sponsorCode, data }: { sponsorCode: string; data: AuditRetention }) {
  const save = useSaveAuditRetention(sponsorCode);
  const [months, setMonths] = useState<number | string>(data.months);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setMonths(data.months), [data.months]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = typeof months === 'number' ? months : Number.NaN;
    if (!Number.isInteger(value) || value < data.minimumMonths || value > AUDIT_RETENTION_MAX_MONTHS) {
      setError(`Enter a whole number of months from ${data.minimumMonths} to ${AUDIT_RETENTION_MAX_MONTHS}`);
      return;
    }
    setError(null);
    save.mutate(
      { months: value },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'The retention period was saved.' }),
        onError: (err) => setError(String(serverFieldErrors(err, ['months'])?.months ?? errorMessage(err))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Retention period (months)"
          description={`At least ${data.minimumMonths} months`}
          min={data.minimumMonths}
          max={AUDIT_RETENTION_MAX_MONTHS}
          allowDecimal={false}
          clampBehavior="none"
          allowNegative={false}
          value={months}
          onChange={setMonths}
          error={error}
          w={{ base: '100%', xs: 260 }}
        />
        <Button type="submit" loading={save.isPending}>
          Save retention
        </Button>
      </Group>
    </form>
  );
}

function HoldState({ sponsorCode, data }: { sponsorCode: string; data: AuditRetention }) {
  const setHold = useSetLegalHold(sponsorCode);
  const [phase, setPhase] = useState<ConfirmPhase>('closed');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [result, setResult] = useState<ServerMessage | null>(null);
  // What the dialog was opened for: the answer flips data.legalHold while the dialog still shows its result.
  const [setting, setSetting] = useState(true);

  const confirm = () => {
    if (setting && !reason.trim()) {
      setReasonError('Say why the portal is put on legal hold');
      return;
    }
    setPhase('running');
    setHold.mutate(
      { legalHold: setting, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          setResult({
            statusType: 'success',
            errorMsg: null,
            message: setting ? 'The portal is on legal hold: none of its audit entries will be removed.' : 'The legal hold was lifted.',
          });
          setPhase('done');
        },
        onError: (err) => {
          setResult({ statusType: 'error', errorMsg: null, message: errorMessage(err) });
          setPhase('done');
        },
      },
    );
  };
  const close = () => {
    setPhase('closed');
    setReason('');
    setReasonError(null);
    setResult(null);
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm" fw={600}>
          Legal hold
        </Text>
        <Badge color={data.legalHold ? 'orange' : 'gray'} variant="light">
          {data.legalHold ? 'On hold' : 'Not on hold'}
        </Badge>
      </Group>
      {data.legalHold && (
        <Text size="sm">
          {data.holdReason ? `Reason: ${data.holdReason}. ` : ''}
          {data.holdChangedAt ? `Since ${formatDate(new Date(data.holdChangedAt))}.` : ''}
        </Text>
      )}
      {data.canChangeHold ? (
        <Switch
          label="Legal hold"
          description="While on hold, no audit entry of this portal is removed, whatever its age."
          checked={data.legalHold}
          onChange={() => {
            setSetting(!data.legalHold);
            setPhase('asking');
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Only the service staff may set or lift a legal hold.
        </Text>
      )}
      <ConfirmDialog
        phase={phase}
        title={setting ? 'Put the portal on legal hold' : 'Lift the legal hold'}
        message={
          setting
            ? 'No audit entry of this portal will be removed until the hold is lifted.'
            : 'Audit entries older than the retention period will be removed again at the next purge.'
        }
        result={result}
        okLabel={setting ? 'Put on hold' : 'Lift hold'}
        cancelLabel="Cancel"
        onConfirm={confirm}
        onClose={close}
      >
        {setting && (
          <Textarea
            label="Reason"
            description="A matter or a request, kept in the audit trail."
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            error={reasonError}
            disabled={phase === 'running'}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (reasonError) setReasonError(null);
            }}
            data-autofocus
          />
        )}
      </ConfirmDialog>
    </Stack>
  );
}
