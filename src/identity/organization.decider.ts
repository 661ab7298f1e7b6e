import { IANAZone } from 'luxon';
import { Decider } from '../core/decider';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { checkedHolidays } from './holidays';
import { OrganizationEvent, OrganizationHoliday, OrganizationSettings } from './identity.events';
import {
  DEFAULT_LATE_GRACE_MINUTES,
  DEFAULT_OFFLINE_CLOCK_LIMIT_HOURS,
  MAX_LATE_GRACE_MINUTES,
  MAX_OFFLINE_CLOCK_LIMIT_HOURS,
  MIN_OFFLINE_CLOCK_LIMIT_HOURS,
} from '../shared/session';
import { DEFAULT_PAY_SETTINGS, PAY_SETTING_KEYS, paySettingsProblem } from '../shared/payroll';
import { VISIT_REMINDER_SETTING_KEYS, visitReminderSettingsOf, visitReminderSettingsProblem } from '../shared/notices';

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; name: string; timeZone: string }
  | { type: 'ChangeOrganizationSettings'; organizationId: string; changes: Partial<OrganizationSettings> }
  | { type: 'ChangeOrganizationLogo'; organizationId: string; fileId: string | null }
  /** Replaces the list of holidays (dates as asked for: checked here). */
  | { type: 'SetOrganizationHolidays'; organizationId: string; holidays: unknown };

export type OrganizationState =
  | { status: 'none' }
  | ({
      status: 'active';
      organizationId: string;
      logoFileId: string | null;
      holidays: OrganizationHoliday[];
    } & OrganizationSettings);

export const ORGANIZATION_NAME_MAX = 100;

export function organizationNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || !name.trim()) return 'Organization name is required';
  if (name.trim().length > ORGANIZATION_NAME_MAX)
    return `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`;
  return null;
}

export function timeZoneProblem(zone: unknown): string | null {
  if (typeof zone !== 'string' || !zone) return 'Time zone is required';
  return IANAZone.isValidZone(zone)
    ? null
    : `"${zone}" is not a known time zone (use an IANA name such as America/New_York)`;
}

export const LATE_GRACE_PROBLEM = `The grace before a job is late must be a whole number of minutes from 0 to ${MAX_LATE_GRACE_MINUTES}`;

export function lateGraceProblem(minutes: unknown): string | null {
  return Number.isInteger(minutes) && (minutes as number) >= 0 && (minutes as number) <= MAX_LATE_GRACE_MINUTES
    ? null
    : LATE_GRACE_PROBLEM;
}

export const OFFLINE_CLOCK_LIMIT_PROBLEM = `The offline clock limit must be a whole number of hours from ${MIN_OFFLINE_CLOCK_LIMIT_HOURS} to ${MAX_OFFLINE_CLOCK_LIMIT_HOURS}`;

export function offlineClockLimitProblem(hours: unknown): string | null {
  return Number.isInteger(hours) &&
    (hours as number) >= MIN_OFFLINE_CLOCK_LIMIT_HOURS &&
    (hours as number) <= MAX_OFFLINE_CLOCK_LIMIT_HOURS
    ? null
    : OFFLINE_CLOCK_LIMIT_PROBLEM;
}

export const organizationDecider: Decider<OrganizationCommand, OrganizationState, OrganizationEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'OrganizationCreated':
        return { status: 'active', logoFileId: null, holidays: [], ...event.data };
      case 'OrganizationSettingsChanged': {
        if (state.status !== 'active') return state;
        const next = { ...state };
        for (const [key, change] of Object.entries(event.data.changes))
          (next as Record<string, unknown>)[key] = change!.to;
        return next;
      }
      case 'OrganizationLogoChanged':
        return state.status === 'active' ? { ...state, logoFileId: event.data.fileId } : state;
      case 'OrganizationHolidaysChanged':
        return state.status === 'active' ? { ...state, holidays: event.data.holidays } : state;
    }
  },

  decide(command, state) {
    if (command.type === 'CreateOrganization') {
      if (state.status !== 'none') throw new ConflictError('This organization already exists.');
      const problem = organizationNameProblem(command.name) ?? timeZoneProblem(command.timeZone);
      if (problem) throw new ValidationError(problem);
      return [
        {
          type: 'OrganizationCreated',
          data: {
            organizationId: command.organizationId,
            name: command.name.trim(),
            timeZone: command.timeZone,
            pickUpJobsEnabled: false,
            automatedRatingEmailsEnabled: false,
          },
        },
      ];
    }
    if (state.status !== 'active') throw new NotFoundError('The organization');
    switch (command.type) {
      case 'ChangeOrganizationSettings': {
        const wanted = { ...command.changes };
        if (wanted.name !== undefined) {
          const problem = organizationNameProblem(wanted.name);
          if (problem) throw new ValidationError(problem);
          wanted.name = wanted.name.trim();
        }
        if (wanted.timeZone !== undefined) {
          const problem = timeZoneProblem(wanted.timeZone);
          if (problem) throw new ValidationError(problem);
        }
        if (wanted.lateGraceMinutes !== undefined) {
          const problem = lateGraceProblem(wanted.lateGraceMinutes);
          if (problem) throw new ValidationError(problem);
        }
        if (wanted.offlineClockLimitHours !== undefined) {
          const problem = offlineClockLimitProblem(wanted.offlineClockLimitHours);
          if (problem) throw new ValidationError(problem);
        }
        const payProblem = paySettingsProblem(wanted);
        if (payProblem) throw new ValidationError(payProblem);
        // Checked together, over what is set: a reminder time is inside the window, whichever of the two changes.
        const remindersProblem = visitReminderSettingsProblem(wanted, visitReminderSettingsOf(state));
        if (remindersProblem) throw new ValidationError(remindersProblem);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        const current = {
          ...DEFAULT_PAY_SETTINGS,
          ...state,
          ...visitReminderSettingsOf(state),
          lateGraceMinutes: state.lateGraceMinutes ?? DEFAULT_LATE_GRACE_MINUTES,
          offlineClockLimitHours: state.offlineClockLimitHours ?? DEFAULT_OFFLINE_CLOCK_LIMIT_HOURS,
        };
        for (const key of [
          'name',
          'timeZone',
          'pickUpJobsEnabled',
          'automatedRatingEmailsEnabled',
          'lateGraceMinutes',
          'offlineClockLimitHours',
          ...PAY_SETTING_KEYS,
          ...VISIT_REMINDER_SETTING_KEYS,
        ] as const) {
          if (wanted[key] !== undefined && wanted[key] !== current[key])
            changes[key] = { from: current[key], to: wanted[key] };
        }
        if (!Object.keys(changes).length) return [];
        return [{ type: 'OrganizationSettingsChanged', data: { organizationId: state.organizationId, changes } }];
      }
      case 'ChangeOrganizationLogo':
        if (command.fileId === state.logoFileId) return [];
        return [
          {
            type: 'OrganizationLogoChanged',
            data: { organizationId: state.organizationId, fileId: command.fileId, previousFileId: state.logoFileId },
          },
        ];
      case 'SetOrganizationHolidays': {
        const holidays = checkedHolidays(command.holidays);
        if (JSON.stringify(holidays) === JSON.stringify(state.holidays)) return [];
        return [
          {
            type: 'OrganizationHolidaysChanged',
            data: { organizationId: state.organizationId, holidays, previous: state.holidays },
          },
        ];
      }
    }
  },
};
