import '@mantine/charts/styles.css';
import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type OverviewResponse, STATUS } from '@vault/contract';
import { Link } from 'react-router';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { dayParam, isoDay, lastDaysRange } from '../../lib/dates';
import { useListFilters } from '../../lib/list-state';
import { useRights } from '../../lib/rights';
import { setSponsor, useSponsor } from '../../lib/session';
import { useOverview } from './api';
import { ChartCard, type ChartRow } from './ChartCard';
import { acrossPortals, overviewLinks, weekEnd } from './links';
import { StatFigure } from './StatFigure';

const DEFAULT_DAYS = 29;

/**
 * The ten portals of one measure. Each count opens that portal's list filtered to the rows it counts
 * (`href`), with the portal chosen first, as opening a holder from every portal's list does (decision 0052).
 */
function TopPortals({
  title,
  heading,
  rows,
  href,
}: {
  title: string;
  heading: string;
  rows: NonNullable<OverviewResponse['topGrowth']>;
  href: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} fz={17} mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None in this range.
        </Text>
      ) : (
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Portal</Table.Th>
              <Table.Th scope="col" ta="right">
                {heading}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.sponsorId}>
                <Table.Th scope="row" fw={400}>
                  {p.sponsorCode} · {p.name}
                </Table.Th>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={href}
                    inherit
                    onClick={() => setSponsor({ sponsorId: p.sponsorId, sponsorCode: p.sponsorCode })}
                    aria-label={`${p.count.toLocaleString('en-US')} ${heading.toLowerCase()} in ${p.sponsorCode}: show them`}
                  >
                    {p.count.toLocaleString('en-US')}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The charts and figures of one answer; for "All portals" the links open the lists across every portal. */
function Figures({ o, allPortals }: { o: OverviewResponse; allPortals: boolean }) {
  const link = (href: string) => (allPortals ? acrossPortals(href) : href);
  const byStatus: ChartRow[] = o.holdersByStatus.map((s) => ({
    label: s.status,
    value: s.count,
    href: link(overviewLinks.holdersWithStatus(s.statusId)),
    linkLabel: `${s.count} holders ${s.status}`,
  }));
  const byPackage: ChartRow[] = o.holdersPerPackage.map((p) => ({
    label: p.package,
    value: p.count,
    href: p.packageId === null ? undefined : link(overviewLinks.holdersWithPackage(p.packageId)),
    linkLabel: `${p.count} holders with ${p.package}`,
  }));
  const perWeek: ChartRow[] = o.newVaultsPerWeek.map((w) => ({
    label: w.weekStart,
    value: w.count,
    href: w.count > 0 ? link(overviewLinks.holdersCreated(w.weekStart, weekEnd(w.weekStart))) : undefined,
    linkLabel: `${w.count} vaults created in the week of ${w.weekStart}`,
  }));
  const failed: ChartRow[] = o.failedUploadsPerDay.map((d) => ({
    label: d.day,
    value: d.count,
    href: d.count > 0 ? link(overviewLinks.failedUploadsOn(d.day)) : undefined,
    linkLabel: `${d.count} failed uploads on ${d.day}`,
  }));
  const signIns: ChartRow[] = o.signInsPerDay.map((d) => ({
    label: d.day,
    value: d.count,
    href: d.count > 0 ? link(overviewLinks.signInsOn(d.day)) : undefined,
    linkLabel: `${d.count} sign-ins on ${d.day}`,
  }));
  const inv = o.invitationFunnel;
  const vf = o.vaultFunnel;
  const share = (part: number, whole: number) => (whole > 0 ? ` (${Math.round((part / whole) * 100)}%)` : '');
  const median = vf.medianDaysToActivate === null ? '—' : `${vf.medianDaysToActivate} days`;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatFigure label="Invitations pending" value={o.invitations.pending} href={link(overviewLinks.pendingInvitations())} />
        <StatFigure
          label="Expiring in the next 7 days"
          value={o.invitations.expiringSoon}
          href={link(overviewLinks.expiringInvitations(o.invitations.expiringBefore))}
          note="Pending invitations that expire within a week"
        />
        {o.adminsWithoutSecondFactor !== null && (
          <StatFigure
            label="Administrators without a second factor"
            value={o.adminsWithoutSecondFactor}
            href={link(overviewLinks.adminsWithoutSecondFactor())}
          />
        )}
        <StatFigure label="Median days to activate" value={median} note={`Vault holders created ${o.fromDate} to ${o.toDate}`} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title="Vault holders by status"
          kind="bar"
          rows={byStatus}
          labelHeading="Status"
          valueHeading="Holders"
          fileName="vault-holders-by-status.csv"
        />
        <ChartCard
          title="Holders per package"
          kind="bar"
          rows={byPackage}
          labelHeading="Package"
          valueHeading="Holders"
          fileName="holders-per-package.csv"
        />
        <ChartCard
          title="New vaults per week"
          description="The last 52 weeks; each week starts on Monday (UTC)."
          kind="bar"
          rows={perWeek}
          labelHeading="Week of"
          valueHeading="New vaults"
          fileName="new-vaults-per-week.csv"
        />
        <ChartCard
          title="Invitation funnel"
          description={`Invitations sent, redeemed, and vaults activated after a redemption, ${o.fromDate} to ${o.toDate}. Each step counts what happened in these days, and an open invitation may be redeemed many times, so a step is not a share of the one before.`}
          kind="bar"
          rows={[
            {
              label: 'Sent',
              value: inv.sent,
              href: link(overviewLinks.invitationsCreated(o.fromDate, o.toDate)),
              linkLabel: `${inv.sent} invitations sent`,
            },
            {
              label: 'Redeemed',
              value: inv.redeemed,
              href: link(overviewLinks.invitationsRedeemed(o.fromDate, o.toDate)),
              linkLabel: `${inv.redeemed} invitations redeemed`,
            },
            {
              label: 'Vault activated',
              value: inv.activated,
              href: link(overviewLinks.vaultsActivatedAfterInvitation(o.fromDate, o.toDate)),
              linkLabel: `${inv.activated} vaults activated after an invitation`,
            },
          ]}
          labelHeading="Step"
          valueHeading="Count"
          fileName="invitation-funnel.csv"
        />
        <ChartCard
          title="Vault activation funnel"
          description={`Vaults created ${o.fromDate} to ${o.toDate}, and how many of them are activated.`}
          kind="bar"
          rows={[
            {
              label: 'Created',
              value: vf.created,
              href: link(overviewLinks.holdersCreated(o.fromDate, o.toDate)),
              linkLabel: `${vf.created} vaults created`,
            },
            {
              label: `Activated${share(vf.activated, vf.created)}`,
              value: vf.activated,
              href: link(overviewLinks.holdersCreatedActivated(o.fromDate, o.toDate)),
              linkLabel: `${vf.activated} of them activated`,
            },
          ]}
          labelHeading="Step"
          valueHeading="Vaults"
          fileName="vault-activation-funnel.csv"
          summary={<Text size="sm">Median days to activate: {median}</Text>}
        />
        <ChartCard
          title="Failed uploads per day"
          description="The last 30 days (UTC)."
          kind="line"
          rows={failed}
          labelHeading="Day"
          valueHeading="Failed uploads"
          fileName="failed-uploads-per-day.csv"
        />
        <ChartCard
          title="Sign-ins per day"
          description={`${o.fromDate} to ${o.toDate} (UTC).`}
          kind="line"
          rows={signIns}
          labelHeading="Day"
          valueHeading="Sign-ins"
          fileName="sign-ins-per-day.csv"
        />
      </SimpleGrid>
      {o.topGrowth && o.topPendingActivation && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <TopPortals
            title="Portals with the most growth"
            heading="New vault holders"
            rows={o.topGrowth}
            href={overviewLinks.holdersCreated(o.fromDate, o.toDate)}
          />
          <TopPortals
            title="Portals with the most pending activations"
            heading="Pending activation"
            rows={o.topPendingActivation}
            href={overviewLinks.holdersWithStatus(STATUS.pending)}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The Overview (issue 35): a portal's book at a glance, or for staff all portals summed. */
export function OverviewPage() {
  const { sponsorId, sponsorCode } = useSponsor();
  const rights = useRights();
  const { params, update } = useListFilters();
  const [defFrom, defTo] = lastDaysRange(DEFAULT_DAYS);
  const fromDate = dayParam(params.get('from')) ?? isoDay(defFrom);
  const toDate = dayParam(params.get('to')) ?? isoDay(defTo);
  const allowed = rights.staff || sponsorId > 0;
  const query = useOverview(sponsorId, fromDate, toDate, allowed);
  const scope = sponsorId > 0 ? sponsorCode : 'All portals';

  return (
    <Stack gap={0}>
      <PageHeader title="Overview" description={`${scope}: vault holders, activations, invitations, failed uploads and sign-ins.`} />
      <Paper withBorder radius="md" p="md" mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeFilter from={fromDate} to={toDate} onChange={(from, to) => update({ from, to })} />
          <Text size="sm" c="dimmed" maw={420}>
            The range applies to the funnels, the median and the sign-ins; the other figures have their own periods.
          </Text>
        </Group>
      </Paper>
      {!allowed ? (
        <Alert color="gray">Choose a portal to see its overview.</Alert>
      ) : query.isError ? (
        <Alert color="red" title="The overview could not be loaded">
          {errorMessage(query.error)}
        </Alert>
      ) : query.data ? (
        <Figures o={query.data} allPortals={sponsorId === 0} />
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the overview" />
        </Group>
      )}
    </Stack>
  );
}

export { OverviewPage as Component };
