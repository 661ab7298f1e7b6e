import { describe, expect, it } from 'vitest';
import { auditCountUrl, auditExportUrl, auditPageUrl, newEntriesLabel, personChoices, recordPath } from './audit';

describe('audit log', () => {
  it('puts the filters on the query in a stable order, leaving out the empty ones', () => {
    expect(
      auditPageUrl(
        {
          fromDate: '10/27/2026',
          toDate: '11/25/2026',
          recordType: 'job',
          userId: '',
          field: 'Start',
          search: '  clean ',
        },
        { currentPage: 2, pageSize: 50 },
      ),
    ).toBe(
      '/api/audit?currentPage=2&pageSize=50&fromDate=10%2F27%2F2026&toDate=11%2F25%2F2026&recordType=job&field=Start&search=clean',
    );
  });

  it('sends othersTime only when it is on', () => {
    expect(auditExportUrl({ othersTime: true })).toBe('/api/audit/export?othersTime=true');
    expect(auditExportUrl({ othersTime: false })).toBe('/api/audit/export');
    expect(auditCountUrl({ userId: 'u1' })).toBe('/api/audit?currentPage=1&pageSize=1&userId=u1');
  });

  it('groups the Person filter as Active, Inactive and Deleted, leaving out empty groups', () => {
    expect(
      personChoices([
        { id: 'a', fullName: 'Ann Lee', status: 'active' },
        { id: 'd', fullName: 'Dan Ode', status: 'deleted' },
        { id: 'b', fullName: 'Bo Ray', status: 'active' },
      ]),
    ).toEqual([
      {
        group: 'Active',
        items: [
          { value: 'a', label: 'Ann Lee' },
          { value: 'b', label: 'Bo Ray' },
        ],
      },
      { group: 'Deleted', items: [{ value: 'd', label: 'Dan Ode' }] },
    ]);
    expect(personChoices([])).toEqual([]);
  });

  it('counts new entries in words', () => {
    expect(newEntriesLabel(1)).toBe('1 new entry');
    expect(newEntriesLabel(3)).toBe('3 new entries');
  });

  it('links each record to its screen', () => {
    const record = (type: Parameters<typeof recordPath>[0]['type'], occurrenceId: string | null = null) => ({
      type,
      id: 'r 1',
      occurrenceId,
    });
    expect(recordPath(record('job'))).toBe('/scheduling?job=r%201');
    expect(recordPath(record('job', 's_20261125'))).toBe('/scheduling?job=s_20261125');
    expect(recordPath(record('recurringJob'))).toBe('/scheduling');
    expect(recordPath(record('customer'))).toBe('/customers/r%201');
    expect(recordPath(record('user'))).toBe('/admin/users');
    expect(recordPath(record('timer'))).toBe('/admin/timers');
    expect(recordPath(record('organization'))).toBe('/admin/settings');
    expect(recordPath({ ...record('job'), startsAt: '2026-06-02T02:30:00.000Z' }, 'America/New_York')).toBe(
      '/scheduling?job=r%201&day=2026-06-01',
    );
  });
});
