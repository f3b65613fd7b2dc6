// The dialogs' styles: loaded with the dialogs (dialog-parts.tsx, IdleWarningDialog.tsx) or with the
// first lazy screen (later-styles.ts), not with the first screen, which opens none by itself.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
