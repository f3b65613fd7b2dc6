// The Mantine components behind a click or a hover (dropdowns, menus, tooltips), with their styles:
// loaded on the first sign of use (see load-interactive.ts), not with the first screen. They bring
// floating-ui, the popover, the combobox and the scroll area.
import './interactive-styles';

export { Checkbox, Menu, Select, Text, Tooltip } from '@mantine/core';
