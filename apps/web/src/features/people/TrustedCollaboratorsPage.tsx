import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Anchor, Badge, Group, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdvisorItem } from '@vault/contract';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm-context';
import { LIST_NOT_LOADED, ListLoadError } from '../../components/list/ListLoadError';
import { MfaResetDialog } from '../../components/MfaResetDialog';
import { PageHeader } from '../../components/PageHeader';
import { useListState } from '../../lib/list-state';
import type { MfaResetTarget } from '../../lib/mfa-reset';
import { useSponsor } from '../../lib/session';
import { ADMIN_DIALOGS } from './AdminListPage';
import { type AdvisorAction, advisorCommand, peopleKeys, useAdvisorList } from './api';
import { fullName, SearchBar, StatusBadge, useMyRights } from './components';
import { peopleTableProps } from './PeopleTable';
import { PersonActionsMenu } from './PersonActions';
import { peopleSearchFields } from './RepresentativeListPage';

export const ADVISOR_DIALOGS: Record<AdvisorAction, { title: string; message: (n: string, e: string) => string }> = {
  ...ADMIN_DIALOGS,
  'activation-email': { title: 'Resend Activation Email', message: (n, e) => `Send the activation link to ${n} (${e}) again?` },
};

/** /trusted-advisors: the global list of trusted collaborators (advisors). */
export function TrustedCollaboratorsPage() {
  const { sponsorId } = useSponsor();
  const list = useListState({ key: 'trusted-collaborators', columns: ['id', 'name', 'email', 'owner', 'portals', 'status'] });
  const query = useAdvisorList(sponsorId, list.offset, list.limit, list.search);
  const [mfaTarget, setMfaTarget] = useState<MfaResetTarget | null>(null);
  const { confirm } = useConfirm();
  const qc = useQueryClient();
  const rights = useMyRights();

  const run = (action: AdvisorAction, a: AdvisorItem) =>
    confirm({
      title: ADVISOR_DIALOGS[action].title,
      message: ADVISOR_DIALOGS[action].message(fullName(a), a.email),
      command: advisorCommand(action, sponsorId, a),
      onDone: () => {
        void qc.invalidateQueries({ queryKey: peopleKeys.advisors() });
        void qc.invalidateQueries({ queryKey: ['people', sponsorId, 'reps'] });
      },
    });

  return (
    <>
      <PageHeader
        title="Trusted Collaborators"
        description={
          rights.staff
            ? 'Every trusted advisor of the service, whichever portals they represent.'
            : 'The trusted advisors who represent your portal.'
        }
      />
      <SearchBar fields={peopleSearchFields} search={list.search} onSearch={list.setSearch} label="trusted collaborators" />
      <ListLoadError query={query} />
      <DataTable<AdvisorItem>
        {...peopleTableProps(list)}
        records={query.data?.data ?? []}
        totalRecords={query.data?.total ?? 0}
        fetching={query.isFetching}
        noRecordsText={
          query.isError ? LIST_NOT_LOADED : list.search ? 'No trusted collaborator matches this search.' : 'No trusted collaborators yet.'
        }
        aria-label="Trusted Collaborators"
        columns={[
          { accessor: 'id', title: 'Id', width: 80 },
          {
            accessor: 'name',
            title: 'Name',
            render: (a) => (
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={`/trusted-advisor/${a.id}`} size="sm" fw={500}>
                  {fullName(a)}
                </Anchor>
                {a.testAccount && (
                  <Badge size="xs" variant="light" color="grape">
                    Test
                  </Badge>
                )}
              </Group>
            ),
          },
          { accessor: 'email', title: 'Email' },
          { accessor: 'ownerEmail', title: 'Owner email', render: (a) => a.ownerEmail ?? '—' },
          { accessor: 'sponsorCount', title: 'Portals', textAlign: 'right', width: 90 },
          { accessor: 'status', title: 'Status', render: (a) => <StatusBadge statusId={a.statusId} status={a.status} /> },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (a) => {
              return (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Details">
                    <ActionIcon variant="subtle" component={Link} to={`/trusted-advisor/${a.id}`} aria-label={`Open ${fullName(a)}`}>
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <PersonActionsMenu
                    name={fullName(a)}
                    statusId={a.statusId}
                    onRun={(action) => run(action, a)}
                    activationLabel="Send activation link"
                    resetMfa={
                      rights.canResetMfa
                        ? {
                            disabled: sponsorId === 0,
                            onClick: () => setMfaTarget({ kind: 'advisor', userId: a.id, sponsorId, label: `${fullName(a)} (${a.email})` }),
                          }
                        : undefined
                    }
                  />
                </Group>
              );
            },
          },
        ]}
      />
      <MfaResetDialog
        target={mfaTarget}
        onClose={() => setMfaTarget(null)}
        onDone={() => void qc.invalidateQueries({ queryKey: peopleKeys.advisors() })}
      />
    </>
  );
}

export { TrustedCollaboratorsPage as Component };
