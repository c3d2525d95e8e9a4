// A fault of an imported file in the packer's language: the row, the field by the name the mapping table gives it,
// the file's own column, and for a value not accepted what the field expects (field-text.ts). The station's English
// for the same fault is describeFault (src-shared/order-import.ts), for the API and the watched folder.
import type { ImportFault } from '../../src-shared/order-import.ts';
import { fieldText } from './field-text.ts';
import { translate } from './i18n.ts';
import type { MessageKey } from './messages/en.ts';

export function importFaultText(fault: ImportFault): string {
  const field = fault.field ? translate(`orders.fields.${fault.field}` as MessageKey) : translate('orders.wholeOrder');
  const column = fault.column ?? 'none';
  // A row as the spreadsheet numbers it, without a thousands separator.
  const row = String(fault.row);
  if (fault.missing) return translate('orders.faultEmpty', { row, field, column });
  return translate('orders.faultInvalid', { row, field, column, expected: fieldText(fault.pointer, false, fault.rule) });
}
