import { randomUUID } from 'node:crypto';
import { TestOrganization, TINY_PDF, TINY_PNG } from './app';
import { kitFor } from './given';

/**
 * The routes of the running app as its live OpenAPI document lists them, and real ids to fill their
 * path parameters with: suites that walk every route (access, fuzz) read them from here, so a route
 * added later is walked without being listed by hand.
 */

export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  enum?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  method: string;
  path: string;
  /** Path parameters, in order. */
  params: string[];
  /** Documented query parameters. */
  query: string[];
  /** The documented JSON body, or null. */
  body: Schema | null;
  multipart: boolean;
  label: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the running app's OpenAPI document. */
export async function liveOperations(baseUrl: string): Promise<{ document: OpenApiDocument; operations: Operation[] }> {
  const document = (await (await fetch(`${baseUrl}/api/docs/openapi.json`)).json()) as OpenApiDocument;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]),
        query: ((op?.parameters ?? []) as { in: string; name: string }[])
          .filter((p) => p.in === 'query')
          .map((p) => p.name),
        body: (op?.requestBody?.content?.['application/json']?.schema as Schema | undefined) ?? null,
        multipart: Boolean(op?.requestBody?.content?.['multipart/form-data']),
        label: `${method.toUpperCase()} ${path}`,
      })),
  );
  return { document, operations };
}

/** A schema with its `$ref` (or single `allOf`) followed. */
export function resolve(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; hops < 10; hops++) {
    if (current.$ref) current = document.components?.schemas?.[current.$ref.split('/').pop()!] ?? {};
    else if (current.allOf?.length === 1) current = current.allOf[0];
    else return current;
  }
  return current;
}

/** Where a documented property sits in a body: keys, and 0 for the first item of a list. */
export type PropertyPath = (string | number)[];

/** Every documented property of a body, nested objects and lists of objects included (each schema walked once per branch). */
export function bodyProperties(
  document: OpenApiDocument,
  schema: Schema,
  prefix: PropertyPath = [],
  seen: string[] = [],
): PropertyPath[] {
  const ref = schema.$ref ?? schema.allOf?.[0]?.$ref;
  if (ref && seen.includes(ref)) return [];
  const resolved = resolve(document, schema);
  const next = ref ? [...seen, ref] : seen;
  if (resolved.type === 'array' && resolved.items)
    return bodyProperties(document, resolved.items, [...prefix, 0], next);
  return Object.entries(resolved.properties ?? {}).flatMap(([name, property]) => [
    [...prefix, name],
    ...bodyProperties(document, property, [...prefix, name], next),
  ]);
}

export const propertyLabel = (path: PropertyPath) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');

/** What a path parameter names, by path prefix and parameter name. */
export type Kind =
  | 'user'
  | 'file'
  | 'customer'
  | 'attachment'
  | 'job'
  | 'series'
  | 'timer'
  | 'rating'
  | 'token'
  | 'bookingLink'
  | 'period'
  | 'payrollExport'
  | 'feedScope';
/**
 * Kinds that name nobody's data: a pay period is a date, a calendar feed's scope a word (person, organization), the
 * same in every organization.
 */
export const SHARED_KINDS: readonly Kind[] = ['period', 'feedScope'];
export const PARAM_KINDS: { prefix: string; param: string; kind: Kind }[] = [
  { prefix: '/api/users', param: 'id', kind: 'user' },
  { prefix: '/api/employee-availability', param: 'userId', kind: 'user' },
  { prefix: '/api/files', param: 'id', kind: 'file' },
  { prefix: '/api/customers', param: 'id', kind: 'customer' },
  { prefix: '/api/attachments', param: 'id', kind: 'attachment' },
  { prefix: '/api/attachments/customer', param: 'customerId', kind: 'customer' },
  { prefix: '/api/jobs', param: 'id', kind: 'job' },
  { prefix: '/api/jobs', param: 'userId', kind: 'user' },
  { prefix: '/api/recurrences', param: 'id', kind: 'series' },
  { prefix: '/api/time', param: 'id', kind: 'timer' },
  { prefix: '/api/ratings', param: 'id', kind: 'rating' },
  { prefix: '/api/ratings/customer', param: 'customerId', kind: 'customer' },
  { prefix: '/api/feedback', param: 'token', kind: 'token' },
  { prefix: '/api/booking-links', param: 'linkId', kind: 'bookingLink' },
  // A booked visit's id is as secret as a token: a well-formed one nobody was given.
  { prefix: '/api/share/booking', param: 'id', kind: 'token' },
  { prefix: '/api/pay-periods', param: 'start', kind: 'period' },
  { prefix: '/api/pay-periods', param: 'userId', kind: 'user' },
  { prefix: '/api/payroll-exports', param: 'id', kind: 'payrollExport' },
  { prefix: '/api/calendar-feeds', param: 'scope', kind: 'feedScope' },
  { prefix: '/calendar', param: 'file', kind: 'token' },
  // An e-mail's logo: the organization's id and its logo's file id, public together (issue #31 item 5).
  { prefix: '/api/mail-logo', param: 'organizationId', kind: 'token' },
  { prefix: '/api/mail-logo', param: 'fileId', kind: 'file' },
  { prefix: '/api/unsubscribe', param: 'token', kind: 'token' },
  { prefix: '/api/account/invitation', param: 'token', kind: 'token' },
];

/** A prefix matches whole segments. */
export function matches(path: string, prefix: string) {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function kindOf(path: string, param: string): Kind | undefined {
  return PARAM_KINDS.filter((k) => k.param === param && matches(path, k.prefix)).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0]?.kind;
}

/** Real ids of one organization, by kind. */
export type OrganizationIds = Record<Kind, string[]>;

/**
 * Gives `org` one of everything a path parameter can name (logo and picture files, a customer and a
 * document attached to it, a one-time job and a recurring one, a mileage timer of the Associate) and returns their ids; users
 * are its Associate, Customer Manager and Company Admin.
 */
export async function seedOrganization(org: TestOrganization): Promise<OrganizationIds> {
  const logo = await org.admin.upload('PUT', '/api/organization/settings/logo', TINY_PNG, 'logo.png');
  const picture = await org.associate.upload('PUT', '/api/profile/image', TINY_PNG, 'me.png');
  const customer = await kitFor(org.admin).customer({
    name: `Customer of ${org.organizationId}`,
    contactFirstName: 'Casey',
    status: 'Current',
  });
  const attachment = await org.manager.upload('POST', '/api/attachments', TINY_PDF, 'contract.pdf', 'File', {
    CustomerId: customer.id,
    Name: 'Contract',
  });
  const byManager = kitFor(org.manager);
  const jobModel = {
    name: 'Lawn care',
    startDateTime: '2026-06-01T13:00:00Z',
    endDateTime: '2026-06-01T14:00:00Z',
    userIds: [org.associate.userId],
  };
  const job = await byManager.job(jobModel);
  const series = await byManager.job(
    { ...jobModel, name: 'Pool' },
    { recurringFrequency: 'Daily', expireDate: '2026-06-05' },
  );
  const timer = await kitFor(org.associate).timer({ mileageStart: 1200, label: `Drive of ${org.organizationId}` });
  // A finished job of a customer with an e-mail, whose rating was requested (the token is only in the e-mail).
  const rated = await byManager.customer({
    contactFirstName: 'Rae',
    contactEmail: `rae-${org.organizationId}@example.test`,
  });
  const ratedJob = await byManager.job({ ...jobModel, name: 'Rated', customerId: rated.id });
  await byManager.ratingRequest(ratedJob.id);
  // A week of June 2026 (weekly periods from Sunday) approved and exported to payroll.
  const period = '2026-05-31';
  await org.admin.post(`/api/pay-periods/${period}/timesheets/${org.associate.userId}/approve`);
  const payrollExport = await org.admin.post(`/api/pay-periods/${period}/exports`, { format: 'gusto' });
  const bookingLink = await org.manager.post('/api/booking-links', {
    serviceName: `Visit of ${org.organizationId}`,
    staffIds: [org.associate.userId],
  });
  return {
    bookingLink: [bookingLink.body.data.id],
    rating: [ratedJob.id],
    // A well-formed token nobody was given.
    token: [Buffer.from(org.organizationId.padEnd(32, '0').slice(0, 32)).toString('base64url')],
    job: [job.id, series.id],
    series: [series.recurrenceId!],
    user: [org.associate.userId, org.manager.userId, org.admin.userId],
    file: [logo.body.data.logoUrl, picture.body.data.profilePictureUrl].map((url: string) => url.split('/').pop()!),
    customer: [customer.id],
    attachment: [attachment.body.data.id],
    timer: [timer.id],
    period: [period],
    payrollExport: [payrollExport.body.data.id],
    feedScope: ['person'],
  };
}

/** The path with each parameter replaced by a real id of the organization (the `index`-th of its kind), or a random id without one. */
export function fillPath(op: Operation, ids: OrganizationIds | null, index = 0): string {
  return op.path.replace(/\{([^{}]+)\}/g, (_, param: string) => {
    const kind = kindOf(op.path, param);
    if (!kind) throw new Error(`${op.label}: path parameter {${param}} is not in PARAM_KINDS`);
    return ids ? ids[kind][index % ids[kind].length] : randomUUID();
  });
}

/** `expect(value).toEqual(shape)` as a boolean, to collect every mismatch before failing. */
export function matchesShape(value: unknown, shape: unknown): boolean {
  try {
    expect(value).toEqual(shape);
    return true;
  } catch {
    return false;
  }
}
