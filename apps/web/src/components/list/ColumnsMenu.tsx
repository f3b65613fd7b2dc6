import { IconColumns3 } from '@tabler/icons-react';
import { DeferredMenu } from '../deferred/DeferredMenu';
import { LightButton } from '../light/LightButton';

export interface ColumnsMenuProps<C extends string> {
  /** Every column the list can show, in display order. */
  all: readonly C[];
  labels: Record<C, string>;
  /** The columns shown now. */
  visible: readonly string[];
  /** Called with the new visible columns; never with an empty list (one column always stays). */
  onChange: (visible: string[]) => void;
  /** The heading above the checkboxes (the specification's "Column options"). */
  heading?: string;
}

/** The "Columns" menu of a list: one checkbox per column, the menu stays open while choosing. */
export function ColumnsMenu<C extends string>({ all, labels, visible, onChange, heading = 'Column options' }: ColumnsMenuProps<C>) {
  return (
    <DeferredMenu
      closeOnItemClick={false}
      position="bottom-end"
      withinPortal
      target={
        <LightButton variant="default" leftSection={<IconColumns3 size={16} />}>
          Columns
        </LightButton>
      }
    >
      {(Menu, { Checkbox }) => (
        <>
          <Menu.Label>{heading}</Menu.Label>
          {all.map((c) => (
            <Menu.Item key={c}>
              <Checkbox
                label={labels[c] ?? c}
                checked={visible.includes(c)}
                onChange={(e) => {
                  const next = e.currentTarget.checked ? [...visible, c] : visible.filter((x) => x !== c);
                  if (next.length > 0) onChange(next);
                }}
              />
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
