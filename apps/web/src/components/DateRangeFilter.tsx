import '@mantine/dates/styles.css';
import { type CalendarAriaLabels, DatePickerInput, type DayOfWeek } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { dateRangePresets, isoDay, PICKER_DATE_FORMAT } from '../lib/dates';
import classes from './DateRangeFilter.module.css';

type Range = [string | null, string | null];

/**
 * What every Mantine calendar of the portal needs for WCAG AA: named arrow buttons, no red
 * weekend days and no pale days of the next and previous months (both under 4.5:1 contrast).
 * The month and year buttons keep the name they show ("October 2026"): a different one breaks
 * label in name (2.5.3).
 */
export const ACCESSIBLE_CALENDAR: { ariaLabels: CalendarAriaLabels; weekendDays: DayOfWeek[]; hideOutsideDates: boolean } = {
  ariaLabels: {
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
  },
  weekendDays: [],
  hideOutsideDates: true,
};

export interface DateRangeFilterProps {
  /** First and last day shown, both included, as yyyy-mm-dd (null: no bound). */
  from: string | null;
  to: string | null;
  /** Called once a whole range is picked (or, when clearable, cleared): never with half a range. */
  onChange: (from: string | null, to: string | null) => void;
  label?: string;
  placeholder?: string;
  /** Offers a clear button; clearing calls onChange(null, null). */
  clearable?: boolean;
  w?: number | string;
  /** Opens the calendar once mounted: for a picker loaded on a click of another control. */
  autoOpen?: boolean;
  /** Called when the calendar closes, with or without a pick. */
  onDropdownClose?: () => void;
}

/**
 * The one date-range control of every list filter: a Mantine range picker in the portal's date
 * format, with quick ranges (today, last 7 days, last 30 days, this month) beside the calendar.
 * Days after today cannot be chosen: the filtered lists hold past events only.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  label = 'Date range',
  placeholder = 'Any date',
  clearable = false,
  w = 260,
  autoOpen = false,
  onDropdownClose,
}: DateRangeFilterProps) {
  // A range being picked (first day chosen, last not yet) lives here until it is whole.
  const [value, setValue] = useState<Range>([from, to]);
  useEffect(() => setValue([from, to]), [from, to]);
  const today = isoDay(new Date());
  const presets = useMemo(() => dateRangePresets(new Date(`${today}T00:00:00`)), [today]);
  const input = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when mounted
  useEffect(() => {
    if (autoOpen) input.current?.click();
  }, []);

  const change = (next: Range) => {
    setValue(next);
    if (next[0] && next[1]) onChange(next[0], next[1]);
    else if (clearable && !next[0] && !next[1]) onChange(null, null);
  };

  return (
    <DatePickerInput
      ref={input}
      onDropdownClose={onDropdownClose}
      type="range"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(v) => change(v as Range)}
      presets={presets}
      {...ACCESSIBLE_CALENDAR}
      classNames={{ datePickerRoot: classes.root, presetsList: classes.presets }}
      valueFormat={PICKER_DATE_FORMAT}
      leftSection={<IconCalendar size={16} aria-hidden />}
      maxDate={today}
      allowSingleDateInRange
      clearable={clearable}
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      popoverProps={{ returnFocus: true }}
      w={w}
      maw="100%"
    />
  );
}
