import { CommandBus } from '@nestjs/cqrs';
import { DateTime } from 'luxon';
import { newId } from './core/clock';
import type { CommandMeta } from './core/commands/aggregates';
import { CreateCustomer } from './customers/customers.commands';
import { ScheduleJob } from './scheduling/scheduling.commands';
import type { JobFields } from './scheduling/scheduling.events';
import type { CurrentUser } from './identity/current-user';
import { CreateOrganization, CreateUser, UpdateOrganizationSettings } from './identity/identity.commands';
import { claimsFor } from './identity/roles';
import type { Role } from './shared/session';

export const DEMO_PASSWORD = 'Welcome2Crew!';

const PEOPLE: {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  colorCode: string;
  phoneNumber: string;
}[] = [
  {
    firstName: 'Morgan',
    lastName: 'Reyes',
    email: 'manager@demo.crewclock.test',
    role: 'Customer Manager',
    colorCode: '#2F9E44',
    phoneNumber: '(555) 201-3344',
  },
  {
    firstName: 'Alex',
    lastName: 'Kim',
    email: 'associate@demo.crewclock.test',
    role: 'Associate',
    colorCode: '#1C7ED6',
    phoneNumber: '(555) 201-7781',
  },
  {
    firstName: 'Jordan',
    lastName: 'Patel',
    email: 'jordan@demo.crewclock.test',
    role: 'Associate',
    colorCode: '#AE3EC9',
    phoneNumber: '(555) 201-9902',
  },
  {
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'sam@demo.crewclock.test',
    role: 'Associate',
    colorCode: '#F08C00',
    phoneNumber: '(555) 201-4410',
  },
];

const CUSTOMERS = [
  {
    name: 'Maple Street Dental',
    contactFirstName: 'Priya',
    contactLastName: 'Shah',
    contactEmail: 'priya@maplestreetdental.test',
    contactPhone: '(555) 310-2201',
    address1: '120 Maple Street',
    city: 'Springfield',
    state: 'NJ',
    postalCode: '07081',
    country: 'USA',
    jobType: 'Office cleaning',
    billingFrequency: 'Monthly',
  },
  {
    name: 'Harbor View Apartments',
    contactFirstName: 'Luis',
    contactLastName: 'Ortega',
    contactEmail: 'luis@harborview.test',
    contactPhone: '(555) 310-4478',
    address1: '8 Harbor View Drive',
    city: 'Springfield',
    state: 'NJ',
    postalCode: '07081',
    country: 'USA',
    jobType: 'Grounds maintenance',
    billingFrequency: 'Weekly',
  },
  {
    name: 'Greenleaf Bakery',
    contactFirstName: 'Hannah',
    contactLastName: 'Berg',
    contactEmail: 'hannah@greenleafbakery.test',
    contactPhone: '(555) 310-9035',
    address1: '45 Main Street',
    city: 'Millburn',
    state: 'NJ',
    postalCode: '07041',
    country: 'USA',
    jobType: 'Pest control',
    billingFrequency: 'Per visit',
  },
];

/** The organization a fresh install signs in to: one user of each role, a small crew, customers and a week of jobs. */
export async function seedDemoOrganization(commands: CommandBus): Promise<string[]> {
  const organizationId = newId();
  const adminId = newId();
  const timeZone = 'America/New_York';
  const meta = (actorUserId: string | null): CommandMeta => ({
    organizationId,
    actorUserId,
    correlationId: newId(),
    causationId: null,
    at: new Date().toISOString(),
  });
  await commands.execute(
    new CreateOrganization(
      {
        organizationId,
        name: 'Brightside Field Services',
        timeZone,
        admin: {
          userId: adminId,
          firstName: 'Casey',
          lastName: 'Morgan',
          email: 'admin@demo.crewclock.test',
          password: DEMO_PASSWORD,
        },
      },
      meta(null),
    ),
  );
  // The demo shows open jobs staff can request and the Job Requests table.
  await commands.execute(new UpdateOrganizationSettings({ pickUpJobsEnabled: true }, meta(adminId)));
  const crew: string[] = [];
  for (const person of PEOPLE)
    crew.push(
      (
        await commands.execute(
          new CreateUser({ ...person, employeeId: null, password: DEMO_PASSWORD }, meta(adminId), false),
        )
      ).userId,
    );
  const customers: string[] = [];
  for (const customer of CUSTOMERS)
    customers.push((await commands.execute(new CreateCustomer(customer, meta(adminId)))).customerId);
  await seedWeekOfJobs(commands, {
    organizationId,
    adminId,
    timeZone,
    associates: crew.slice(1),
    customers,
    meta: () => meta(adminId),
  });
  return [
    `  Company Admin     admin@demo.crewclock.test / ${DEMO_PASSWORD}`,
    ...PEOPLE.slice(0, 2).map((p) => `  ${p.role.padEnd(17)} ${p.email} / ${DEMO_PASSWORD}`),
  ];
}

/** This week's jobs (Monday to Friday, in the organization's zone): customer visits, an Internal meeting, an open job and a recurring one. */
async function seedWeekOfJobs(
  commands: CommandBus,
  {
    organizationId,
    adminId,
    timeZone,
    associates,
    customers,
    meta,
  }: {
    organizationId: string;
    adminId: string;
    timeZone: string;
    associates: string[];
    customers: string[];
    meta: () => CommandMeta;
  },
) {
  const actor: CurrentUser = {
    userId: adminId,
    organizationId,
    sessionId: '',
    role: 'Company Admin',
    claims: claimsFor('Company Admin'),
    fullName: 'Casey Morgan',
  };
  // This working week; at the weekend, the coming one.
  const today = DateTime.now().setZone(timeZone);
  const monday = today.startOf('week').plus({ weeks: today.weekday >= 6 ? 1 : 0 });
  const at = (day: number, hour: number, minute = 0) =>
    monday.plus({ days: day }).set({ hour, minute }).toUTC().toISO()!;
  const job = (fields: Partial<JobFields> & Pick<JobFields, 'name' | 'start' | 'end'>): JobFields => ({
    notes: null,
    number: null,
    type: null,
    userIds: [],
    leadUserId: null,
    customerId: null,
    colorOption: null,
    hideFromScheduleView: false,
    availabilityOnly: false,
    ...fields,
  });
  const visits = [
    { name: 'Office cleaning', hour: 8, hours: 2, customer: 0, crew: 0 },
    { name: 'Lawn and hedges', hour: 10, hours: 1.5, customer: 1, crew: 1 },
    { name: 'Pest inspection', hour: 13, hours: 2, customer: 2, crew: 2 },
  ];
  let number = 1001;
  for (let day = 0; day < 5; day++) {
    for (const v of visits) {
      const lead = associates[(v.crew + day) % associates.length];
      await commands.execute(
        new ScheduleJob(
          job({
            name: v.name,
            number: String(number++),
            type: v.name.split(' ')[0],
            start: at(day, v.hour),
            end: at(day, v.hour + Math.floor(v.hours), (v.hours % 1) * 60),
            customerId: customers[v.customer],
            userIds: [lead],
            leadUserId: lead,
          }),
          null,
          actor,
          meta(),
        ),
      );
    }
  }
  await commands.execute(
    new ScheduleJob(
      job({
        name: 'Team safety meeting',
        start: at(2, 16),
        end: at(2, 17),
        userIds: associates,
        notes: 'Monthly safety briefing at the office.',
      }),
      null,
      actor,
      meta(),
    ),
  );
  await commands.execute(
    new ScheduleJob(
      job({
        name: 'Gutter cleaning',
        start: at(3, 15),
        end: at(3, 17),
        customerId: customers[1],
        notes: 'Open for pick-up.',
      }),
      null,
      actor,
      meta(),
    ),
  );
  await commands.execute(
    new ScheduleJob(
      job({
        name: 'Lobby floor care',
        start: at(0, 17),
        end: at(0, 18, 30),
        customerId: customers[0],
        userIds: [associates[0]],
        leadUserId: associates[0],
      }),
      {
        frequency: 'Weekly',
        days: ['monday', 'thursday'],
        weeklyRecurrence: 1,
        expireDate: monday.plus({ weeks: 8 }).toISODate(),
      },
      actor,
      meta(),
    ),
  );
}
