import { createHash, randomUUID } from 'node:crypto';
import type { EventStore, GlobalPosition } from '../../src/core/event-store/event-store.port';
import { identityStreams } from '../../src/identity/identity.events';
import type { Role } from '../../src/shared/session';

/**
 * A realistic identity log, deterministic for a seed: organizations with settings and logo changes,
 * users registered / edited / deactivated / reactivated / deleted / re-passworded, sessions started
 * and ended. Data shapes follow src/identity/identity.events.ts. Used by the projection suites.
 */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ada', 'Abe', 'Mona', 'Lee', 'Priya', 'Tom', 'Zoë', 'Ines', 'Kofi', 'Sam'];
const LAST = ['Admin', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'García', 'Hughes'];
const ZONES = ['America/New_York', 'Europe/Oslo', 'America/Los_Angeles', 'Asia/Tokyo'];
const ROLES: Role[] = ['Associate', 'Associate', 'Associate', 'Customer Manager', 'Company Admin'];
/** Sessions end about as often as they start once this many are live (as sign-outs and expiry keep it level). */
const MAX_LIVE_SESSIONS = 40;

interface UserModel {
  userId: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  role: Role;
  colorCode: string;
  active: boolean;
  picture: string | null;
}
interface OrgModel {
  organizationId: string;
  name: string;
  timeZone: string;
  pickUpJobsEnabled: boolean;
  automatedRatingEmailsEnabled: boolean;
  logo: string | null;
  adminId: string;
}

export class IdentityLog {
  readonly random: () => number;
  private readonly revisions = new Map<string, number>();
  private clock = Date.parse('2024-03-01T08:00:00.000Z');
  private readonly orgs: OrgModel[] = [];
  private readonly users: UserModel[] = [];
  private readonly sessions: { sessionId: string; userId: string; organizationId: string }[] = [];
  appended = 0;
  last: GlobalPosition | null = null;

  constructor(
    private readonly store: EventStore,
    seed: number,
    private readonly limits = { organizations: 40, users: Number.POSITIVE_INFINITY },
  ) {
    this.random = prng(seed);
  }

  private pick<T>(xs: T[]): T {
    return xs[Math.floor(this.random() * xs.length)];
  }

  private async append(
    streamId: string,
    type: string,
    data: object,
    organizationId: string,
    actorUserId: string | null,
  ) {
    const current = this.revisions.get(streamId);
    this.clock += 1000 + Math.floor(this.random() * 60_000);
    const result = await this.store.append(
      streamId,
      [
        {
          id: randomUUID(),
          type,
          data,
          metadata: {
            organizationId,
            actorUserId,
            correlationId: randomUUID(),
            causationId: null,
            timestamp: new Date(this.clock).toISOString(),
          },
        },
      ],
      current === undefined ? 'no_stream' : current,
    );
    this.revisions.set(streamId, result.nextExpectedRevision);
    this.appended += 1;
    this.last = result.position;
  }

  private async register(organizationId: string, role: Role, actor: string | null, userId = randomUUID()) {
    const firstName = this.pick(FIRST);
    const lastName = this.pick(LAST);
    const email = `${firstName.toLowerCase()}.${userId.slice(0, 8)}@example.test`;
    const colorCode = `#${Math.floor(this.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')
      .toUpperCase()}`;
    const employeeId = this.random() < 0.5 ? `E-${Math.floor(this.random() * 9999)}` : null;
    const phoneNumber = this.random() < 0.5 ? '(555) 123-4567' : null;
    await this.append(
      identityStreams.emailClaim(digest(email)),
      'EmailClaimed',
      { email, userId },
      organizationId,
      actor,
    );
    await this.append(
      identityStreams.user(userId),
      'UserRegistered',
      {
        userId,
        organizationId,
        passwordHash: `scrypt$${digest(userId)}`,
        firstName,
        lastName,
        email,
        employeeId,
        phoneNumber,
        colorCode,
        role,
      },
      organizationId,
      actor,
    );
    this.users.push({
      userId,
      organizationId,
      firstName,
      lastName,
      email,
      phoneNumber,
      role,
      colorCode,
      active: true,
      picture: null,
    });
  }

  private async createOrganization() {
    const organizationId = randomUUID();
    const adminId = randomUUID();
    const org: OrgModel = {
      organizationId,
      name: `Org ${organizationId.slice(0, 6)}`,
      timeZone: this.pick(ZONES),
      pickUpJobsEnabled: false,
      automatedRatingEmailsEnabled: false,
      logo: null,
      adminId,
    };
    await this.append(
      identityStreams.organization(organizationId),
      'OrganizationCreated',
      {
        organizationId,
        name: org.name,
        timeZone: org.timeZone,
        pickUpJobsEnabled: false,
        automatedRatingEmailsEnabled: false,
      },
      organizationId,
      null,
    );
    this.orgs.push(org);
    await this.register(organizationId, 'Company Admin', null, adminId);
  }

  private endSessions(predicate: (s: { sessionId: string; userId: string }) => boolean) {
    for (let i = this.sessions.length - 1; i >= 0; i--) if (predicate(this.sessions[i])) this.sessions.splice(i, 1);
  }

  private async step() {
    const r = this.random();
    if (!this.orgs.length || (r < 0.03 && this.orgs.length < this.limits.organizations))
      return this.createOrganization();
    const org = this.pick(this.orgs);
    const members = this.users.filter((u) => u.organizationId === org.organizationId);
    const active = members.filter((u) => u.active);
    const user = this.pick(members);
    const admin = org.adminId;
    if (r < 0.18 && this.users.length < this.limits.users)
      return this.register(org.organizationId, this.pick(ROLES), admin);
    if (r < 0.38 && active.length && this.sessions.length < MAX_LIVE_SESSIONS) {
      const u = this.pick(active);
      const sessionId = randomUUID();
      this.sessions.push({ sessionId, userId: u.userId, organizationId: u.organizationId });
      const rememberMe = this.random() < 0.3;
      return this.append(
        identityStreams.session(sessionId),
        'SessionStarted',
        {
          sessionId,
          userId: u.userId,
          organizationId: u.organizationId,
          tokenDigest: digest(sessionId),
          rememberMe,
          expiresAt: new Date(this.clock + (rememberMe ? 30 * 24 : 12) * 3600_000).toISOString(),
          ipAddress: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
        },
        u.organizationId,
        u.userId,
      );
    }
    if (r < 0.5 && this.sessions.length) {
      const s = this.pick(this.sessions);
      this.endSessions((x) => x.sessionId === s.sessionId);
      return this.append(
        identityStreams.session(s.sessionId),
        'SessionEnded',
        { ...s, reason: this.random() < 0.8 ? 'signed out' : 'expired' },
        s.organizationId,
        s.userId,
      );
    }
    if (!user) return this.register(org.organizationId, 'Associate', admin);
    if (r < 0.66) {
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (this.random() < 0.6)
        changes.firstName = {
          from: user.firstName,
          to: (user.firstName = this.pick(FIRST.filter((f) => f !== user.firstName))),
        };
      if (this.random() < 0.4)
        changes.lastName = {
          from: user.lastName,
          to: (user.lastName = this.pick(LAST.filter((l) => l !== user.lastName))),
        };
      if (this.random() < 0.3)
        changes.role = { from: user.role, to: (user.role = this.pick(ROLES.filter((x) => x !== user.role))) };
      if (this.random() < 0.3)
        changes.phoneNumber = {
          from: user.phoneNumber,
          to: (user.phoneNumber = `(555) ${100 + Math.floor(this.random() * 900)}-4567`),
        };
      if (!Object.keys(changes).length) {
        const to = user.colorCode === '#0D1B41' ? '#FFFFFF' : '#0D1B41';
        changes.colorCode = { from: user.colorCode, to };
        user.colorCode = to;
      }
      return this.append(
        identityStreams.user(user.userId),
        'UserDetailsChanged',
        { userId: user.userId, organizationId: user.organizationId, changes },
        user.organizationId,
        admin,
      );
    }
    if (r < 0.74 && user.userId !== admin) {
      user.active = !user.active;
      if (!user.active) this.endSessions((s) => s.userId === user.userId);
      return this.append(
        identityStreams.user(user.userId),
        user.active ? 'UserReactivated' : 'UserDeactivated',
        { userId: user.userId, organizationId: user.organizationId },
        user.organizationId,
        admin,
      );
    }
    if (r < 0.78 && user.userId !== admin) {
      this.users.splice(this.users.indexOf(user), 1);
      this.endSessions((s) => s.userId === user.userId);
      await this.append(
        identityStreams.user(user.userId),
        'UserDeleted',
        { userId: user.userId, organizationId: user.organizationId },
        user.organizationId,
        admin,
      );
      return this.append(
        identityStreams.emailClaim(digest(user.email)),
        'EmailReleased',
        { email: user.email, userId: user.userId },
        user.organizationId,
        admin,
      );
    }
    if (r < 0.84) {
      const own = this.sessions.filter((s) => s.userId === user.userId);
      const keep = own.length && this.random() < 0.5 ? this.pick(own).sessionId : null;
      this.endSessions((s) => s.userId === user.userId && s.sessionId !== keep);
      return this.append(
        identityStreams.user(user.userId),
        'UserPasswordChanged',
        {
          userId: user.userId,
          organizationId: user.organizationId,
          passwordHash: `scrypt$${digest(randomUUID())}`,
          reason: keep ? 'changed' : 'set by administrator',
          keepSessionId: keep,
        },
        user.organizationId,
        keep ? user.userId : admin,
      );
    }
    if (r < 0.88) {
      const fileId = this.random() < 0.8 ? randomUUID() : null;
      const previousFileId = user.picture;
      user.picture = fileId;
      return this.append(
        identityStreams.user(user.userId),
        'ProfilePictureChanged',
        { userId: user.userId, organizationId: user.organizationId, fileId, previousFileId },
        user.organizationId,
        user.userId,
      );
    }
    if (r < 0.9) {
      return this.append(
        identityStreams.user(user.userId),
        'PasswordResetRequested',
        {
          userId: user.userId,
          organizationId: user.organizationId,
          tokenDigest: digest(randomUUID()),
          expiresAt: new Date(this.clock + 3600_000).toISOString(),
        },
        user.organizationId,
        null,
      );
    }
    if (r < 0.96) {
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const flip = this.random();
      if (flip < 0.3) changes.name = { from: org.name, to: (org.name = `Org ${randomUUID().slice(0, 6)}`) };
      else if (flip < 0.5)
        changes.timeZone = {
          from: org.timeZone,
          to: (org.timeZone = this.pick(ZONES.filter((z) => z !== org.timeZone))),
        };
      else if (flip < 0.75)
        changes.pickUpJobsEnabled = {
          from: org.pickUpJobsEnabled,
          to: (org.pickUpJobsEnabled = !org.pickUpJobsEnabled),
        };
      else
        changes.automatedRatingEmailsEnabled = {
          from: org.automatedRatingEmailsEnabled,
          to: (org.automatedRatingEmailsEnabled = !org.automatedRatingEmailsEnabled),
        };
      return this.append(
        identityStreams.organization(org.organizationId),
        'OrganizationSettingsChanged',
        { organizationId: org.organizationId, changes },
        org.organizationId,
        admin,
      );
    }
    const fileId = this.random() < 0.8 ? randomUUID() : null;
    const previousFileId = org.logo;
    org.logo = fileId;
    return this.append(
      identityStreams.organization(org.organizationId),
      'OrganizationLogoChanged',
      { organizationId: org.organizationId, fileId, previousFileId },
      org.organizationId,
      admin,
    );
  }

  /** Appends until at least `count` more events are in the log. */
  async generate(count: number): Promise<GlobalPosition> {
    const target = this.appended + count;
    while (this.appended < target) await this.step();
    return this.last!;
  }

  /** An organization that exists in the log, for commands. */
  anOrganization(): OrgModel {
    return this.orgs[0];
  }
}

function digest(s: string): string {
  return createHash('sha256').update(s).digest('base64url');
}
