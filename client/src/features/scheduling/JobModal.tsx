import {
  Alert,
  Button,
  ColorInput,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconAlertTriangle, IconHistory, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { modals } from '@mantine/modals';
import { errorMessage } from '../../app/api';
import { useAppStore } from '../../app/store';
import { MOBILE_QUERY } from '../../app/theme';
import { confirmDelete } from '../../shared/confirmDelete';
import { notifyError, notifySuccess } from '../../shared/notify';
import { useIsCompanyAdmin } from '../session/session';
import { askScope } from './askScope';
import { type ClashQuestion, type ClashReport } from './clashes';
import { ClashList } from './ClashList';
import { confirmClashes } from './confirmClashes';
import {
  changeJobBody,
  createJobBody,
  endAfterStartMoved,
  hasChanges,
  jobFormRules,
  jobFormValues,
  type JobFormValues,
} from './jobForm';
import { isRecurring, jobHistoryUrl, type Job, type JobPerson } from './jobs';
import { RecurrenceEditor } from './RecurrenceEditor';
import { describeRecurrence, recurrenceChanged } from './recurrenceForm';
import {
  checkClashes,
  useActiveEmployees,
  useChangeJob,
  useClashes,
  useCreateJob,
  useCustomerOptions,
  useDeleteJob,
} from './schedulingApi';
import { zoneAbbreviation } from './zonedTime';
import { clearJobDraft, saveJobDraft } from './jobDraft';
import '@mantine/dates/styles.css';
import { scrollToFirstError } from '../../shared/scrollToFirstError';
import { DetailsAndHistoryTabs } from '../../shared/History';

const COLOUR_SWATCHES = [
  '#0D1B41',
  '#2C478D',
  '#1C7ED6',
  '#0CA678',
  '#2F9E44',
  '#F59F00',
  '#F76707',
  '#E2435B',
  '#AE3EC9',
  '#7048E8',
  '#495057',
];
const PICKER_FORMAT = 'ddd D MMM YYYY, h:mm A';

interface JobModalProps {
  /** The job or occurrence to edit; null for a new job. */
  job: Job | null;
  /** A new job's slot (wall-clock strings in the organization's zone). */
  slot: { start: string; end: string };
  /** Opens on the History tab. */
  initialTab?: 'details' | 'history';
  /** The schedule as of a moment (issue #17): the job as it stood then, nothing to save or delete. */
  readOnly?: boolean;
  /** A new job's form as it was left (a session that ended, a reload): it opens with these values. */
  draft?: JobFormValues | null;
  onClose: () => void;
}

/** What closing asks when the form holds changes: nothing is thrown away by a stray Escape or click. */
function confirmDiscard(isNew: boolean, discard: () => void) {
  modals.openConfirmModal({
    title: isNew ? 'Discard this job?' : 'Discard your changes?',
    children: (
      <Text size="sm">
        {isNew ? 'The job you started is not created yet.' : 'Your changes to this job are not saved.'}
      </Text>
    ),
    labels: { confirm: 'Discard', cancel: 'Keep editing' },
    confirmProps: { color: 'red' },
    cancelProps: { 'data-autofocus': true },
    onConfirm: discard,
  });
}

/** New Job and Edit Job (spec §2 Job Schedule), with the History of an existing job. Mounted fresh each time. */
export function JobModal({
  job,
  slot,
  initialTab = 'details',
  readOnly = false,
  draft = null,
  onClose,
}: JobModalProps) {
  const userId = useAppStore((s) => s.session?.user.id ?? '');
  // Escape, the overlay, the close button and Cancel all ask first when the form holds changes.
  const dirty = useRef(false);
  const requestClose = () => {
    if (!dirty.current || readOnly) return onClose();
    confirmDiscard(job === null, () => {
      if (job === null) clearJobDraft(userId);
      onClose();
    });
  };
  const setDirty = (value: boolean) => {
    dirty.current = value;
  };
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const title =
    job && readOnly ? 'Job as it stood' : job ? (isRecurring(job) ? 'Edit recurring job' : 'Edit job') : 'New Job';
  return (
    <Modal
      opened
      onClose={requestClose}
      title={title}
      size={860}
      fullScreen={mobile}
      styles={{ content: { minWidth: mobile ? undefined : 550, maxWidth: 1050 } }}
    >
      {job?.selfBooked && (
        <Text size="sm" c="teal.9" fw={600} mb="sm">
          {job.scheduledOnBehalfOf ? `Booked online by ${job.scheduledOnBehalfOf}` : 'Booked online'}
        </Text>
      )}
      {job ? (
        <DetailsAndHistoryTabs
          initialTab={initialTab}
          historyUrl={jobHistoryUrl(job.id)}
          emptyHint="Nothing has been recorded for this job yet."
        >
          <JobForm
            job={job}
            slot={slot}
            readOnly={readOnly}
            onClose={onClose}
            onCancel={requestClose}
            onDirty={setDirty}
          />
        </DetailsAndHistoryTabs>
      ) : (
        <JobForm job={null} slot={slot} draft={draft} onClose={onClose} onCancel={requestClose} onDirty={setDirty} />
      )}
    </Modal>
  );
}

/**
 * What the clash check is asked about the form as it stands: the body a save would send (a change: for the whole
 * series when its rule changes). Null while the form's times cannot be read.
 */
function clashQuestion(
  job: Job | null,
  values: JobFormValues,
  zone: string,
  isCompanyAdmin: boolean,
): ClashQuestion | null {
  try {
    if (!job) return createJobBody(values, zone, isCompanyAdmin);
    const scope =
      isRecurring(job) && recurrenceChanged(job.jobRecurrenceModel, values.recurrence) ? 'series' : 'occurrence';
    const { recurrenceModel, ...jobModel } = changeJobBody(job, values, zone, isCompanyAdmin, scope);
    return { id: job.id, scope, jobModel, ...(recurrenceModel ? { recurrenceModel } : {}) };
  } catch {
    return null;
  }
}

function JobForm({
  job,
  slot,
  readOnly = false,
  draft = null,
  onClose,
  onCancel,
  onDirty,
}: Omit<JobModalProps, 'initialTab'> & { onCancel: () => void; onDirty: (dirty: boolean) => void }) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const isCompanyAdmin = useIsCompanyAdmin();
  const { employees } = useActiveEmployees();
  const customers = useCustomerOptions();
  const userId = useAppStore((s) => s.session?.user.id ?? '');
  const form = useForm<JobFormValues>({ initialValues: jobFormValues(job, zone, slot), validate: jobFormRules() });
  // A draft opens with its values, as changes against the blank form (closing it asks first).
  useEffect(() => {
    if (draft) form.setValues(draft);
  }, []); // once, when the form opens
  const dirty = form.isDirty();
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  // A new job's values are kept while typed, so an ended session or a reload does not lose them.
  const [typed] = useDebouncedValue(form.values, 300);
  useEffect(() => {
    if (!job && !readOnly && userId && form.isDirty()) saveJobDraft(userId, typed);
  }, [typed]); // saved when the typed values settle
  const createJob = useCreateJob();
  const changeJob = useChangeJob();
  const deleteJob = useDeleteJob();
  const [failure, setFailure] = useState<unknown>(null);

  const people = useMemo(() => peopleOptions(employees, job), [employees, job]);
  const customerOptions = useMemo(() => {
    const list = customers.data ?? [];
    const current =
      job?.customer && !list.some((c) => c.id === job.customer!.id)
        ? [{ id: job.customer.id, name: job.customer.name }]
        : [];
    return [...current, ...list].map((c) => ({ value: c.id, label: c.name }));
  }, [customers.data, job]);

  // Warnings (not blockers), decided by the server over every occurrence: days off, the people's weeks, other jobs.
  const question = useMemo(
    () => (readOnly ? null : clashQuestion(job, form.values, zone, isCompanyAdmin)),
    [job, form.values, zone, isCompanyAdmin, readOnly],
  );
  const [askedQuestion] = useDebouncedValue(question, 400);
  const clashes = useClashes(askedQuestion);
  const shownClashes = clashes.data?.clashes.length ? clashes.data : null;

  /**
   * Before a save: asks again about the form as it is now (typed in the last moment, or changed by someone else)
   * and, when the answer names clashes, asks as a drag does: a clash listed in the form is not saved in one click
   * either. False: not saved.
   */
  async function clashesAccepted(values: JobFormValues): Promise<boolean> {
    const now = clashQuestion(job, values, zone, isCompanyAdmin);
    if (!now) return true;
    let fresh: ClashReport;
    try {
      fresh = await checkClashes(now);
    } catch {
      return true; // the save itself says what is wrong
    }
    if (!fresh.clashes.length) return true;
    return confirmClashes(values.name.trim() || 'This job', fresh, zone, {
      // A new job is created, not changed: the question says so, as the form's own button does.
      ...(job === null ? { title: 'Create this job?', confirm: 'Create anyway' } : {}),
      lead: 'This job clashes:',
      cancel: 'Cancel goes back to the form.',
    });
  }

  const busy = createJob.isPending || changeJob.isPending || deleteJob.isPending;
  const recurring = job !== null && isRecurring(job);

  async function submit(values: JobFormValues) {
    setFailure(null);
    try {
      if (!(await clashesAccepted(values))) return;
      if (!job) {
        await createJob.mutateAsync(createJobBody(values, zone, isCompanyAdmin));
        clearJobDraft(userId);
        notifySuccess('Job has been created');
        onClose();
        return;
      }
      // Nothing changed: nothing to ask or save.
      if (!hasChanges(changeJobBody(job, values, zone, isCompanyAdmin, 'series'))) {
        onClose();
        return;
      }
      let scope: 'occurrence' | 'series' = 'occurrence';
      if (recurring) {
        const answer = await askScope({
          action: 'change',
          jobName: job.name,
          seriesOnly: recurrenceChanged(job.jobRecurrenceModel, values.recurrence),
        });
        if (!answer) return;
        scope = answer;
      }
      await changeJob.mutateAsync({ id: job.id, body: changeJobBody(job, values, zone, isCompanyAdmin, scope), scope });
      notifySuccess('Job changes were updated');
      onClose();
    } catch (error) {
      setFailure(error);
    }
  }

  async function remove() {
    if (!job) return;
    const run = (scope: 'occurrence' | 'series') =>
      deleteJob.mutate(
        { job, scope },
        {
          onSuccess: () => {
            notifySuccess(scope === 'series' ? 'The whole series was deleted' : 'Job was deleted');
            onClose();
          },
          onError: (error) => notifyError(errorMessage(error)),
        },
      );
    if (recurring) {
      const scope = await askScope({ action: 'delete', jobName: job.name });
      if (scope) run(scope);
    } else {
      confirmDelete({ title: 'Delete job', message: `Delete ${job.name}?`, onConfirm: () => run('occurrence') });
    }
  }

  const startProps = form.getInputProps('start');
  return (
    <form
      onSubmit={form.onSubmit((values) => (readOnly ? undefined : void submit(values)), scrollToFirstError)}
      noValidate
    >
      {/* Read-only: every field disabled at once; no Delete, no Save. */}
      <fieldset
        disabled={readOnly}
        className={readOnly ? 'read-only-fields' : undefined}
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      >
        <Stack gap="md">
          {readOnly && (
            <Alert color="orange" variant="light" icon={<IconHistory size={18} />} role="status">
              This is the job as it stood then. Nothing can be changed here.
            </Alert>
          )}
          {failure !== null && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          <TextInput label="Name" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <DateTimePicker
              label="Start"
              withAsterisk
              valueFormat={PICKER_FORMAT}
              timePickerProps={{ format: '12h', minutesStep: 15, withDropdown: true }}
              {...startProps}
              onChange={(value) => {
                const next = typeof value === 'string' ? value : '';
                if (next && form.values.start && form.values.end)
                  form.setFieldValue('end', endAfterStartMoved(form.values.start, form.values.end, next));
                form.setFieldValue('start', next);
              }}
            />
            <DateTimePicker
              label="End"
              withAsterisk
              valueFormat={PICKER_FORMAT}
              timePickerProps={{ format: '12h', minutesStep: 15, withDropdown: true }}
              {...form.getInputProps('end')}
              onChange={(value) => form.setFieldValue('end', typeof value === 'string' ? value : '')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            Times are in the organization&apos;s time zone, {zone.replace(/_/g, ' ')} ({zoneAbbreviation(zone)}).
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <Select
              label="Customer"
              placeholder="Internal (no customer)"
              data={customerOptions}
              searchable
              clearable
              nothingFoundMessage="No results found"
              {...form.getInputProps('customerId')}
            />
            <TextInput label="Job number" autoComplete="off" {...form.getInputProps('number')} />
            <Select
              label="Lead employee"
              placeholder="No lead"
              data={people.map((p) => ({ value: p.id, label: p.fullName }))}
              searchable
              clearable
              nothingFoundMessage="No results found"
              {...form.getInputProps('leadUserId')}
            />
            <MultiSelect
              label="Assigned employees"
              placeholder={form.values.userIds.length ? undefined : 'Nobody yet'}
              data={people.map((p) => ({ value: p.id, label: p.fullName }))}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="No results found"
              {...form.getInputProps('userIds')}
            />
          </SimpleGrid>
          {shownClashes && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Check before saving"
              role="status"
            >
              <ClashList report={shownClashes} zone={zone} />
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Job type" autoComplete="off" {...form.getInputProps('type')} />
            <ColorInput
              label="Colour"
              description="Optional: overrides the lead's colour"
              placeholder="Lead's colour"
              format="hex"
              swatches={COLOUR_SWATCHES}
              swatchesPerRow={11}
              withEyeDropper={false}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('colorOption')}
            />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />

          <Divider
            label={
              <Group gap={6}>
                <IconRepeat size={14} />
                Repeat
              </Group>
            }
            labelPosition="left"
            color="var(--app-border)"
          />
          {job && !recurring ? (
            <Text size="sm" c="dimmed">
              Does not repeat. A one-time job stays one-time; create a new recurring job to repeat it.
            </Text>
          ) : (
            <>
              {job?.jobRecurrenceModel && (
                <Text size="sm" c="dimmed">
                  {describeRecurrence(job.jobRecurrenceModel)}. A change to the repeat applies to the whole series.
                </Text>
              )}
              <RecurrenceEditor form={form} withNever={!job} />
            </>
          )}

          {isCompanyAdmin && (
            <>
              <Divider label="Scheduling Visibility" labelPosition="left" color="var(--app-border)" />
              <Switch
                label="Hide from schedule view"
                description="Only the lead employee and Company Admins will see this job."
                {...form.getInputProps('hideFromScheduleView', { type: 'checkbox' })}
              />
            </>
          )}

          {!readOnly && (
            <Group justify="space-between" gap="sm" mt="sm">
              {job ? (
                <Button
                  variant="default"
                  c="red.9"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => void remove()}
                  loading={deleteJob.isPending}
                  disabled={busy && !deleteJob.isPending}
                >
                  Delete
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={onCancel}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  loading={createJob.isPending || changeJob.isPending}
                  disabled={deleteJob.isPending}
                >
                  {job ? 'Save changes' : 'Create job'}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </fieldset>
      {readOnly && (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      )}
    </form>
  );
}

/** Active employees, plus anyone already on the job who is not (so the pickers can show them). */
function peopleOptions(employees: JobPerson[] | undefined, job: Job | null): JobPerson[] {
  const list = [...(employees ?? [])];
  for (const person of [...(job?.users ?? []), ...(job?.leadUser ? [job.leadUser] : [])]) {
    if (!list.some((p) => p.id === person.id)) list.push(person);
  }
  return list;
}
