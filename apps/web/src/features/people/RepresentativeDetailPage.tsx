import { Badge, Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ADVISOR_FLAGS, PEOPLE_FLAG_LABELS, type SponsoredAdvisorItem } from '@vault/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DetailField } from '../../components/DetailField';
import { MfaResetDialog } from '../../components/MfaResetDialog';
import { SectionCard } from '../../components/SectionCard';
import { errorMessage } from '../../lib/api';
import type { MfaResetTarget } from '../../lib/mfa-reset';
import { fullName } from '../../lib/person-name';
import { useRights } from '../../lib/rights';
import { useSponsor } from '../../lib/session';
import { ADMIN_DIALOGS } from './AdminListPage';
import { peopleKeys, type RepAction, repCommand, usePortalUser, useRep } from './api';
import { PersonActionButtons } from './PersonActions';
import { PersonDetailShell, PersonProfileLayout } from './PersonDetail';
import { permissionWords } from './permission-words';
import { usePersonConfirm } from './person-confirm';
import { useTestAccountToggle } from './RepresentativeListPage';
import { RepresentativeModal } from './RepresentativeModal';

/** /sponsor-trusted-advisors/{id}/staid/{staid}: one representative, with every action and the edit modal. */
export function RepresentativeDetailPage() {
  const params = useParams();
  const userId = Number(params.id);
  const staid = Number(params.staid);
  const { sponsorId, sponsorCode } = useSponsor();
  const query = useRep(sponsorId, userId);
  const rep = query.data && query.data.id === staid ? query.data : undefined;

  return (
    <PersonDetailShell
      list={{ label: 'Representatives', path: '/sponsor-trusted-advisors' }}
      crumb={rep ? fullName(rep) : 'Representative'}
      loading={query.isLoading}
      problemTitle="This representative cannot be shown"
      problems={
        query.isError
          ? [errorMessage(query.error)]
          : query.data && !rep
            ? ['The address does not match a representative of this portal.']
            : []
      }
    >
      {rep && <RepresentativeDetail rep={rep} sponsorId={sponsorId} sponsorCode={sponsorCode} />}
    </PersonDetailShell>
  );
}

function RepresentativeDetail({ rep, sponsorId, sponsorCode }: { rep: SponsoredAdvisorItem; sponsorId: number; sponsorCode: string }) {
  const [editing, setEditing] = useState(false);
  const [mfaTarget, setMfaTarget] = useState<MfaResetTarget | null>(null);
  const user = usePortalUser(sponsorId, rep.userId);
  const toggleTest = useTestAccountToggle(sponsorId);
  const rights = useRights();
  const confirmPerson = usePersonConfirm();
  const qc = useQueryClient();
  const testAccount = user.data?.testAccount ?? rep.testAccount;

  const run = (action: RepAction) =>
    confirmPerson(
      { ...ADMIN_DIALOGS[action], title: action === 'activation-email' ? 'Resend Activation Email' : ADMIN_DIALOGS[action].title },
      rep,
      repCommand(action, sponsorId, rep.userId),
      [peopleKeys.reps(sponsorId), peopleKeys.user(sponsorId, rep.userId)],
    );

  return (
    <>
      <PersonProfileLayout
        person={rep}
        facts={
          <>
            <DetailField label="User id">{rep.userId}</DetailField>
            <DetailField label="Representative id">{rep.id}</DetailField>
            <DetailField label="Group">{rep.groupName ?? '—'}</DetailField>
            <DetailField label="Added by">{rep.ownerEmail ?? '—'}</DetailField>
          </>
        }
        card={
          <>
            <Switch
              label="Test account"
              checked={testAccount}
              onChange={() => toggleTest({ ...rep, id: rep.userId, testAccount })}
              disabled={user.isLoading}
              description="Read from and saved to the user record."
            />
            <PersonActionButtons
              statusId={rep.statusId}
              onRun={run}
              activationLabel="Send activation link"
              resetMfa={
                rights.canResetMfa
                  ? {
                      onClick: () =>
                        setMfaTarget({ kind: 'sponsoredAdvisor', userId: rep.userId, sponsorId, label: `${fullName(rep)} (${rep.email})` }),
                    }
                  : undefined
              }
            >
              <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </PersonActionButtons>
          </>
        }
      >
        <Stack gap="lg">
          <SectionCard title="Permissions" titleGap="sm">
            {rep.permissions.length ? (
              <Group gap="xs">
                {rep.permissions.map((p) => (
                  <Badge key={p} variant="light">
                    {permissionWords(p)}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                No permissions.
              </Text>
            )}
          </SectionCard>
          <SectionCard title="Access flags" titleGap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {ADVISOR_FLAGS.map((f) => (
                <Group key={f} gap="xs" wrap="nowrap">
                  {rep[f] ? (
                    <IconCheck size={16} color="var(--mantine-color-teal-6)" />
                  ) : (
                    <IconX size={16} color="var(--mantine-color-gray-5)" />
                  )}
                  <Text size="sm" c={rep[f] ? undefined : 'dimmed'}>
                    {PEOPLE_FLAG_LABELS[f]}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </SectionCard>
        </Stack>
      </PersonProfileLayout>
      <RepresentativeModal opened={editing} rep={rep} sponsorId={sponsorId} sponsorCode={sponsorCode} onClose={() => setEditing(false)} />
      <MfaResetDialog
        target={mfaTarget}
        onClose={() => setMfaTarget(null)}
        onDone={() => void qc.invalidateQueries({ queryKey: peopleKeys.reps(sponsorId) })}
      />
    </>
  );
}

export { RepresentativeDetailPage as Component };
