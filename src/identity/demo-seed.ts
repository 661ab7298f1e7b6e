import { CommandBus } from '@nestjs/cqrs';
import { newId } from '../core/clock';
import type { CommandMeta } from '../core/commands/aggregates';
import { CreateOrganization, CreateUser } from './identity.commands';
import type { Role } from './roles';

export const DEMO_PASSWORD = 'Welcome2Crew!';

const PEOPLE: { firstName: string; lastName: string; email: string; role: Role; colorCode: string; phoneNumber: string }[] = [
  { firstName: 'Morgan', lastName: 'Reyes', email: 'manager@demo.crewclock.test', role: 'Customer Manager', colorCode: '#2F9E44', phoneNumber: '(555) 201-3344' },
  { firstName: 'Alex', lastName: 'Kim', email: 'associate@demo.crewclock.test', role: 'Associate', colorCode: '#1C7ED6', phoneNumber: '(555) 201-7781' },
  { firstName: 'Jordan', lastName: 'Patel', email: 'jordan@demo.crewclock.test', role: 'Associate', colorCode: '#AE3EC9', phoneNumber: '(555) 201-9902' },
  { firstName: 'Sam', lastName: 'Okafor', email: 'sam@demo.crewclock.test', role: 'Associate', colorCode: '#F08C00', phoneNumber: '(555) 201-4410' },
];

/** The organization a fresh install signs in to: one user of each role and a small crew. */
export async function seedDemoOrganization(commands: CommandBus): Promise<string[]> {
  const organizationId = newId();
  const adminId = newId();
  const meta = (actorUserId: string | null): CommandMeta => ({ organizationId, actorUserId, correlationId: newId(), causationId: null, at: new Date().toISOString() });
  await commands.execute(new CreateOrganization({
    organizationId, name: 'Brightside Field Services', timeZone: 'America/New_York',
    admin: { userId: adminId, firstName: 'Casey', lastName: 'Morgan', email: 'admin@demo.crewclock.test', password: DEMO_PASSWORD },
  }, meta(null)));
  for (const person of PEOPLE) await commands.execute(new CreateUser({ ...person, employeeId: null, password: DEMO_PASSWORD }, meta(adminId)));
  return [
    `  Company Admin     admin@demo.crewclock.test / ${DEMO_PASSWORD}`,
    ...PEOPLE.slice(0, 2).map((p) => `  ${p.role.padEnd(17)} ${p.email} / ${DEMO_PASSWORD}`),
  ];
}
