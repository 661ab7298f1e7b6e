import { OrganizationEvent } from '../../src/identity/identity.events';
import { rooms } from '../../src/realtime/rooms';
import { applyOnce } from '../runner/apply-once';
import { newValues } from '../runner/changes';
import { Projection } from '../runner/projection';
import { fileUrl, OrganizationDoc, ORGANIZATIONS } from '../../src/identity/identity.read-models';

export const organizationsProjection: Projection = {
  name: 'organizations',
  version: 1,
  collections: [ORGANIZATIONS],
  streams: ['organization'],
  async apply(event, { store, notify }) {
    if (!event.streamId.startsWith('organization-')) return;
    const e = { type: event.type, data: event.data } as OrganizationEvent;
    const organizations = store.collection<OrganizationDoc>(ORGANIZATIONS);
    const id = e.data.organizationId;
    switch (e.type) {
      case 'OrganizationCreated': {
        const { organizationId: _, ...settings } = e.data;
        const createdAt = event.metadata.timestamp;
        const automatedRatingEmailsSince = settings.automatedRatingEmailsEnabled ? createdAt : null;
        await applyOnce(
          organizations,
          id,
          event.revision,
          { $set: { ...settings, automatedRatingEmailsSince, logoFileId: null, logoUrl: null, createdAt } },
          { upsert: true },
        );
        return;
      }
      case 'OrganizationSettingsChanged': {
        const $set: Record<string, unknown> = newValues(e.data.changes);
        // Rating requests go to jobs that end from the moment the setting is turned on.
        if (e.data.changes.automatedRatingEmailsEnabled?.to === true)
          $set.automatedRatingEmailsSince = event.metadata.timestamp;
        await applyOnce(organizations, id, event.revision, { $set });
        break;
      }
      case 'OrganizationHolidaysChanged':
        await applyOnce(organizations, id, event.revision, { $set: { holidays: e.data.holidays } });
        break;
      case 'OrganizationLogoChanged':
        await applyOnce(organizations, id, event.revision, {
          $set: { logoFileId: e.data.fileId, logoUrl: fileUrl(e.data.fileId) },
        });
        break;
      default:
        return;
    }
    notify({ rooms: [rooms.organization(id)], event: 'organization.changed', payload: { organizationId: id } });
  },
};
