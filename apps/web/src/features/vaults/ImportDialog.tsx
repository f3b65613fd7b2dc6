import type { ImportResult } from '@vault/contract';
import { lazy, Suspense, useState } from 'react';

// The drop zone and its file picker (react-dropzone) are loaded when the dialog first opens, not
// with the vault list: most visits never import.
const ImportDialogContent = lazy(() => import('./ImportDialogContent').then((m) => ({ default: m.ImportDialogContent })));

type ImportDialogProps = {
  opened: boolean;
  sponsorId: number;
  sponsorCode: string;
  onClose: () => void;
  onImported: (result: ImportResult) => void;
};

/** CSV import of vault holders; see ImportDialogContent. Stays mounted once opened, so it closes with its transition. */
export function ImportDialog(props: ImportDialogProps) {
  const [used, setUsed] = useState(false);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ImportDialogContent {...props} />
    </Suspense>
  );
}
