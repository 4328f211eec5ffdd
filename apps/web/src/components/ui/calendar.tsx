import { DayPicker, type DayPickerProps } from 'react-day-picker';
import 'react-day-picker/style.css';

/**
 * The calendar of the date pickers (react-day-picker and its styles), in a chunk of its own that
 * loads when a picker first opens or is hovered, not with the screen
 * (docs/decisions/013-first-screen-loads-fast.md).
 */
export default function Calendar(props: DayPickerProps) {
  return <DayPicker {...props} />;
}
