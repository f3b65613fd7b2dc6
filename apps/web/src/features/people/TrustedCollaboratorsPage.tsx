import { Anchor, Badge, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type AdvisorItem, LINKED_PEOPLE_SORT_FIELDS } from '@vault/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../components/list/ListTable';
import { ListToolbar } from '../../components/list/ListToolbar';
import { StatusBadge } from '../../components/list/StatusBadge';
import { MfaResetDialog } from '../../components/MfaResetDialog';
import { PageHeader } from '../../components/PageHeader';
import { useListState } from '../../lib/list-state';
import type { MfaResetTarget } from '../../lib/mfa-reset';
import { fullName } from '../../lib/person-name';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { ADMIN_DIALOGS } from './AdminListPage';
import { type AdvisorAction, advisorCommand, peopleKeys, useAdvisorList } from './api';
import { PersonRowActions } from './PersonActions';
import { usePersonConfirm } from './person-confirm';
import { peopleSearchFields } from './RepresentativeListPage';

export const ADVISOR_DIALOGS: Record<AdvisorAction, { title: string; message: (n: string, e: string) => string }> = {
  ...ADMIN_DIALOGS,
  'activation-email': { title: 'Resend Activation Email', message: (n, e) => `Send the activation link to ${n} (${e}) again?` },
};

/** /trusted-advisors: the global list of trusted collaborators (advisors). */
export function TrustedCollaboratorsPage() {
  const { sponsorId } = useSponsor();
  const list = useListState({
    key: 'trusted-collaborators',
    columns: ['id', 'name', 'email', 'owner', 'portals', 'status'],
    sortable: LINKED_PEOPLE_SORT_FIELDS,
  });
  const query = useAdvisorList(sponsorId, list.offset, list.limit, list.search, list.sort);
  const [mfaTarget, setMfaTarget] = useState<MfaResetTarget | null>(null);
  const confirmPerson = usePersonConfirm();
  const qc = useQueryClient();
  const rights = useRights();

  const run = (action: AdvisorAction, a: AdvisorItem) =>
    confirmPerson(ADVISOR_DIALOGS[action], a, advisorCommand(action, sponsorId, a), [peopleKeys.advisors(), ['people', sponsorId, 'reps']]);

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
      <ListToolbar
        label="Search trusted collaborators"
        fields={peopleSearchFields}
        list={list}
        placeholder={(f) => (f === 'status' ? 'Active, Inactive or Pending' : 'Contains…')}
      />
      <ListTable<AdvisorItem>
        label="Trusted Collaborators"
        list={list}
        query={query}
        empty={{ none: 'No trusted collaborators yet.', noMatch: 'No trusted collaborator matches this search.' }}
        columns={[
          { accessor: 'id', title: 'Id', width: 80 },
          {
            accessor: 'name',
            title: 'Name',
            sortable: true,
            sortKey: 'firstName',
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
          { accessor: 'email', title: 'Email', sortable: true },
          { accessor: 'ownerEmail', title: 'Owner email', render: (a) => a.ownerEmail ?? '—' },
          { accessor: 'sponsorCount', title: 'Portals', textAlign: 'right', width: 90 },
          { accessor: 'status', title: 'Status', render: (a) => <StatusBadge statusId={a.statusId} status={a.status} /> },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (a) => {
              return (
                <PersonRowActions
                  open={{ label: 'Details', to: `/trusted-advisor/${a.id}` }}
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
