import { Badge, Modal } from '@mantine/core';
import { type ActivePackage, PAGE_SIZE, type PackageHolder, STATUS_NAMES } from '@vault/contract';
import { useState } from 'react';
import { ListTable } from '../../components/list/ListTable';
import { StatusBadge } from '../../components/list/StatusBadge';
import { usePackageHolders } from './api';

/** The vault holders of a package (GET /api/v1/vaultholders/users), paged. */
export function PackageHoldersDialog({ pkg, sponsorId, onClose }: { pkg: ActivePackage | null; sponsorId: number; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const holders = usePackageHolders(sponsorId, pkg?.id ?? 0, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Modal
      opened={pkg !== null}
      onClose={close}
      title={pkg ? `Vault Holders of ${pkg.name}` : 'Vault Holders'}
      size="xl"
      styles={{ title: { fontWeight: 650 } }}
    >
      <ListTable<PackageHolder>
        label="Vault holders of the package"
        list={{ page, limit: PAGE_SIZE, setPage }}
        query={holders}
        idAccessor="vaultId"
        minHeight={200}
        empty={{ none: 'No vault uses this package.' }}
        columns={[
          { accessor: 'id', title: 'Id', width: 70 },
          { accessor: 'name', title: 'Name', render: (h) => `${h.firstName} ${h.lastName}` },
          { accessor: 'email', title: 'E-mail' },
          {
            accessor: 'license',
            title: 'License',
            render: (h) => (
              <Badge size="sm" variant="light" tt="capitalize">
                {h.license}
              </Badge>
            ),
          },
          {
            accessor: 'statusId',
            title: 'Status',
            render: (h) => <StatusBadge statusId={h.statusId} status={STATUS_NAMES[h.statusId] ?? String(h.statusId)} />,
          },
        ]}
      />
    </Modal>
  );
}
