// Opened from the vault list, which does not load Mantine's table styles.
import '@mantine/core/styles/Table.css';
import { Alert, Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { BulkAction, BulkResult, HolderListFilters, VaultSearchBody } from '@vault/contract';
import { AnswerButtons, BlockingModal, BusyNote } from '../../components/dialog-parts';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/count';
import { useBulk } from './api';

export const BULK_LABELS: Record<BulkAction, { title: string; verb: string }> = {
  activate: { title: 'Account Activation Confirmation', verb: 'Activate' },
  deactivate: { title: 'Account Deactivation Confirmation', verb: 'Deactivate' },
  resendActivation: { title: 'Resend Activation Email', verb: 'Resend the activation e-mail to' },
};

const OUTCOME_COLOR = { success: 'teal', skipped: 'gray', error: 'red' } as const;

export interface BulkRequest {
  action: BulkAction;
  /** Chosen holders, or every holder matching the search. */
  ids?: number[];
  search?: VaultSearchBody;
  /** With `search`: the list's other filters (creation days, package, activated). */
  filters?: HolderListFilters;
  /** How many holders this is, for the question. */
  count: number;
  /** The count is the server's estimate (a broad search): the question says "about". */
  countIsEstimate?: boolean;
}

/** Asks, runs the bulk action (blocked while it runs), then lists the outcome of every holder. */
export function BulkDialog({
  sponsorId,
  request,
  onClose,
  onDone,
}: {
  sponsorId: number;
  request: BulkRequest | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const bulk = useBulk(sponsorId);
  const running = bulk.isPending;
  const result: BulkResult | undefined = bulk.data;
  const close = () => {
    if (running) return;
    bulk.reset();
    onClose();
  };
  const label = request ? BULK_LABELS[request.action] : null;
  return (
    <BlockingModal opened={request !== null} onClose={close} title={label?.title} size={result ? 'lg' : 'md'}>
      {request && label && (
        <Stack gap="md" aria-busy={running}>
          {!result && !bulk.isError && (
            <Text size="sm">
              {request.countIsEstimate
                ? `${label.verb} every selected vault holder matching the search (about ${formatCount(request.count)})?`
                : `${label.verb} ${request.search && !request.ids ? 'every' : 'the'} ${formatCount(request.count)} selected vault holder${request.count === 1 ? '' : 's'}${request.search && !request.ids ? ' matching the search' : ''}?`}
            </Text>
          )}
          {running && <BusyNote />}
          {bulk.isError && (
            <Alert color="red" variant="light" title="Server Confirmation" role="alert">
              {errorMessage(bulk.error)}
            </Alert>
          )}
          {result && (
            <>
              <Text fw={600} size="sm">
                Server Confirmation
              </Text>
              <Group gap="xs" role="status">
                <Badge color="teal" variant="light">
                  {result.succeeded} done
                </Badge>
                <Badge color="gray" variant="light">
                  {result.skipped} skipped
                </Badge>
                <Badge color="red" variant="light">
                  {result.failed} failed
                </Badge>
              </Group>
              <ScrollArea.Autosize mah={320} type="auto">
                <Table striped withTableBorder fz="sm" verticalSpacing={4} aria-label="Outcome per vault holder">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>Id</Table.Th>
                      <Table.Th>E-mail</Table.Th>
                      <Table.Th w={90}>Outcome</Table.Th>
                      <Table.Th>Message</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.results.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td>{r.id}</Table.Td>
                        <Table.Td>{r.email ?? '—'}</Table.Td>
                        <Table.Td>
                          <Badge size="xs" variant="light" color={OUTCOME_COLOR[r.outcome]}>
                            {r.outcome}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{r.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </>
          )}
          <AnswerButtons
            answered={!!result || bulk.isError}
            running={running}
            onClose={close}
            onConfirm={() =>
              bulk.mutate(
                {
                  action: request.action,
                  ...(request.ids
                    ? { ids: request.ids }
                    : { search: request.search, ...(request.filters ? { filters: request.filters } : {}) }),
                },
                { onSuccess: () => onDone() },
              )
            }
          />
        </Stack>
      )}
    </BlockingModal>
  );
}
