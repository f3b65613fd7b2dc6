import { Anchor, Switch, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { AdvisorDetail } from '@vault/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailField } from '../../components/DetailField';
import { MfaResetDialog } from '../../components/MfaResetDialog';
import { SectionCard } from '../../components/SectionCard';
import { errorMessage } from '../../lib/api';
import type { MfaResetTarget } from '../../lib/mfa-reset';
import { fullName } from '../../lib/person-name';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { type AdvisorAction, advisorCommand, peopleKeys, useAdvisor, usePortalUser } from './api';
import { PersonActionButtons } from './PersonActions';
import { PersonDetailShell, PersonProfileLayout } from './PersonDetail';
import { usePersonConfirm } from './person-confirm';
import { useTestAccountToggle } from './RepresentativeListPage';
import { ADVISOR_DIALOGS } from './TrustedCollaboratorsPage';

/** /trusted-advisor/{id}: one trusted collaborator, the portals they represent and every action. */
export function TrustedCollaboratorDetailPage() {
  const id = Number(useParams().id);
  const { sponsorId } = useSponsor();
  const query = useAdvisor(sponsorId, id);
  return (
    <PersonDetailShell
      list={{ label: 'Trusted Collaborators', path: '/trusted-advisors' }}
      crumb={query.data ? fullName(query.data) : 'Trusted collaborator'}
      loading={query.isLoading}
      problemTitle="This trusted collaborator cannot be shown"
      problems={query.isError ? [errorMessage(query.error)] : []}
    >
      {query.data && <Detail advisor={query.data} sponsorId={sponsorId} />}
    </PersonDetailShell>
  );
}

function Detail({ advisor, sponsorId }: { advisor: AdvisorDetail; sponsorId: number }) {
  const [mfaTarget, setMfaTarget] = useState<MfaResetTarget | null>(null);
  const rights = useRights();
  const confirmPerson = usePersonConfirm();
  const qc = useQueryClient();
  const linkedHere = advisor.sponsors.some((s) => s.sponsorId === sponsorId);
  // The test-account check reads users/{id}, which answers for advisors linked to the chosen portal.
  const user = usePortalUser(sponsorId, advisor.id, linkedHere);
  const toggleTest = useTestAccountToggle(sponsorId);
  const testAccount = user.data?.testAccount ?? advisor.testAccount;

  const run = (action: AdvisorAction) =>
    confirmPerson(ADVISOR_DIALOGS[action], advisor, advisorCommand(action, sponsorId, advisor), [peopleKeys.advisors()]);

  return (
    <>
      <PersonProfileLayout
        person={advisor}
        facts={
          <>
            <DetailField label="User id">{advisor.id}</DetailField>
            <DetailField label="Owner email">{advisor.ownerEmail ?? '—'}</DetailField>
          </>
        }
        card={
          <>
            <Switch
              label="Test account"
              checked={testAccount}
              disabled={!linkedHere || user.isLoading}
              description={linkedHere ? 'Read from and saved to the user record.' : 'Choose a portal this advisor represents to change it.'}
              onChange={() => toggleTest({ ...advisor, testAccount })}
            />
            <PersonActionButtons
              statusId={advisor.statusId}
              onRun={run}
              activationLabel="Send activation link"
              resetMfa={
                rights.canResetMfa
                  ? {
                      disabled: sponsorId === 0,
                      onClick: () =>
                        setMfaTarget({ kind: 'advisor', userId: advisor.id, sponsorId, label: `${fullName(advisor)} (${advisor.email})` }),
                    }
                  : undefined
              }
            />
          </>
        }
      >
        <SectionCard title="Portals represented" titleGap="sm">
          {advisor.sponsors.length === 0 ? (
            <Text size="sm" c="dimmed">
              This advisor represents no portal.
            </Text>
          ) : (
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Portal</Table.Th>
                  <Table.Th>Group</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {advisor.sponsors.map((s) => (
                  <Table.Tr key={s.staid}>
                    <Table.Td>{s.sponsorCode}</Table.Td>
                    <Table.Td>{s.groupName ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      {s.sponsorId === sponsorId && (
                        <Anchor component={Link} to={`/sponsor-trusted-advisors/${advisor.id}/staid/${s.staid}`} size="sm">
                          Representative details
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </SectionCard>
      </PersonProfileLayout>
      <MfaResetDialog
        target={mfaTarget}
        onClose={() => setMfaTarget(null)}
        onDone={() => void qc.invalidateQueries({ queryKey: peopleKeys.advisors() })}
      />
    </>
  );
}

export { TrustedCollaboratorDetailPage as Component };
