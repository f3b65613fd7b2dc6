// Stylesheets of the Mantine components only screens other than the vault list use (in Mantine's
// documented order, after main-styles.ts): loaded with the first lazy screen (see router.tsx).
import '../../components/deferred/interactive-styles';
import '../../components/modal-styles';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
