/**
 * The server's answer to a manager's change of a time in an approved timesheet without a reason (issue #30): a 400
 * "This time is in Alex Kim's approved timesheet (Nov 22 – Nov 28, 2026): give a reason to edit approved time".
 * The screen then asks for "Edit approved time" and the reason (the table's lock was read before the approval).
 */
export function isApprovedTimeRefusal(error: { status: number; message: string }): boolean {
  return (
    error.status === 400 &&
    error.message.startsWith('This time is in') &&
    error.message.includes('give a reason to edit approved time')
  );
}
