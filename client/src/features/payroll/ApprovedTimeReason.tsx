import { Textarea } from '@mantine/core';
import { PAYROLL_REASON_MAX_LENGTH } from '../../../../src/shared/payroll';

/** The reason a manager gives to change a time in an approved timesheet ("Edit approved time"), as every form asks it. */
export function ApprovedTimeReason({ value, onChange }: { value: string; onChange: (reason: string) => void }) {
  return (
    <Textarea
      label="Reason (Edit approved time)"
      description="The audit log and the payroll export's changes show it."
      withAsterisk
      autosize
      minRows={2}
      maxLength={PAYROLL_REASON_MAX_LENGTH}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
