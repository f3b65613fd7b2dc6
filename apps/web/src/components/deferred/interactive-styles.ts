// The styles of the components behind a click or hover (dropdowns, menus, tooltips): loaded with
// them (interactive.ts) or with the first lazy screen (later-styles.ts), which may use them directly.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Tooltip.css';
