import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { notifyError, notifySuccess } from '../../shared/notify';
import { askScope } from '../scheduling/askScope';
import { confirmClashes } from '../scheduling/confirmClashes';
import { isRecurring, type Job } from '../scheduling/jobs';
import { checkClashes, useActiveEmployees, useChangeJob } from '../scheduling/schedulingApi';

/**
 * Assign or change a job's crew from Home (issue #26): the lead and the assigned, checked by the server's clash check
 * (asked before saving, as the schedule does); a recurring job asks whether this occurrence or the whole series.
 */
export function AssignCrewModal({ job, zone, onClose }: { job: Job; zone: string; onClose: () => void }) {
  const { employees } = useActiveEmployees();
  const change = useChangeJob();
  const [leadUserId, setLead] = useState<string | null>(job.leadUserId);
  const [userIds, setUserIds] = useState<string[]>(job.userIds);
  const [saving, setSaving] = useState(false);
  const options = (employees ?? []).map((e) => ({ value: e.id, label: e.fullName }));
  const unchanged = leadUserId === job.leadUserId && [...userIds].sort().join() === [...job.userIds].sort().join();

  async function save() {
    setSaving(true);
    try {
      const scope = isRecurring(job) ? await askScope({ action: 'change', jobName: job.name }) : 'occurrence';
      if (!scope) return;
      const jobModel = { leadUserId, userIds: userIds.filter((id) => id !== leadUserId) };
      // No answer from the check is no reason to keep a crew off its job: the save still runs, as on the schedule.
      const report = await checkClashes({ id: job.id, scope, jobModel }).catch(() => null);
      if (
        report?.clashes.length &&
        !(await confirmClashes(job.name, report, zone, {
          lead: `This crew for ${job.name} clashes:`,
          cancel: 'Cancel keeps the crew as it was.',
        }))
      )
        return;
      await change.mutateAsync({ id: job.id, body: jobModel, scope });
      notifySuccess('Job changes were updated');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Crew for ${job.name}`} size={480}>
      <Stack gap="md">
        <Select
          label="Lead employee"
          placeholder="No lead"
          data={options}
          value={leadUserId}
          onChange={setLead}
          searchable
          clearable
          nothingFoundMessage="No associates are available at this time"
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label="Assigned employees"
          placeholder={userIds.length ? undefined : 'Nobody yet'}
          data={options.filter((o) => o.value !== leadUserId)}
          value={userIds.filter((id) => id !== leadUserId)}
          onChange={setUserIds}
          searchable
          clearable
          nothingFoundMessage="No associates are available at this time"
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="xs" c="dimmed">
          Before saving, the schedule is checked for clashes with their other jobs, hours and days off.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={unchanged}>
            Save crew
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
