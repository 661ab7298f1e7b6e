import { Anchor, Button, Divider, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconBrandApple,
  IconBrandGoogle,
  IconBrandWindows,
  IconCalendarPlus,
  IconCopy,
  IconLinkOff,
  IconRefresh,
  IconShieldLock,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../app/api';
import { useAppStore } from '../../app/store';
import { notifyError, notifySuccess } from '../../shared/notify';
import { QueryError } from '../../shared/QueryError';
import { SectionCard } from '../../shared/SectionCard';
import { useApiQuery } from '../../shared/useApiQuery';
import { ACTIVE_EMPLOYEES_URL, type EmployeeOption } from '../scheduling/jobs';
import {
  addToCalendarLinks,
  feedAddress,
  feedDateLabel,
  linkStillInForce,
  type CalendarFeedLink,
  type CalendarFeedScopeName,
  type CalendarFeedState,
} from './calendarFeed';
import { useCalendarFeeds, useIssueCalendarFeed, useRevokeCalendarFeed } from './calendarFeedsApi';

const DESCRIPTION =
  'See your jobs in Google Calendar, Apple Calendar or Outlook. The feed holds your jobs from 30 days back to a year ahead, and your calendar app picks up changes when it refreshes.';

/** What each feed is called in its sentences and dialogs. */
const WORDS: Record<CalendarFeedScopeName, { part: string; feed: string; on: string; whose: string }> = {
  person: { part: 'Your jobs', feed: 'calendar feed', on: 'Your calendar feed', whose: 'your jobs' },
  organization: {
    part: 'Organization feed',
    feed: 'organization calendar feed',
    on: 'The organization feed',
    whose: "the organization's jobs",
  },
};

/** My Profile's "Calendar feed" (issue #31 item 1): my jobs as a subscription link, and for managers the organization's. */
export function CalendarFeedCard() {
  const feeds = useCalendarFeeds();
  return (
    <SectionCard title="Calendar feed" description={DESCRIPTION}>
      {feeds.isError ? (
        <QueryError error={feeds.error} onRetry={() => void feeds.refetch()} />
      ) : !feeds.data ? (
        <Skeleton h={36} w={180} />
      ) : feeds.data.organization ? (
        <>
          <FeedPart scope="person" state={feeds.data.person} titled />
          <Divider color="var(--app-border)" />
          <FeedPart
            scope="organization"
            state={feeds.data.organization}
            titled
            description="Every job of the organization, or one person's: for a shared office calendar."
          />
        </>
      ) : (
        <FeedPart scope="person" state={feeds.data.person} />
      )}
    </SectionCard>
  );
}

/** One feed: off (create), just made (its link, shown this once), or on since a day (reset, turn off). */
function FeedPart({
  scope,
  state,
  titled = false,
  description,
}: {
  scope: CalendarFeedScopeName;
  state: CalendarFeedState;
  /** Managers see two parts, each under its name; an Associate's one part is the card itself. */
  titled?: boolean;
  description?: string;
}) {
  const zone = useAppStore((s) => s.session?.company.timeZone ?? 'UTC');
  const [made, setMade] = useState<CalendarFeedLink | null>(null);
  const issue = useIssueCalendarFeed(scope);
  const revoke = useRevokeCalendarFeed(scope);
  const shown = linkStillInForce(made, state);
  const words = WORDS[scope];
  const titleId = `calendar-feed-${scope}-title`;

  const makeLink = () =>
    issue.mutate(undefined, {
      onSuccess: (answer) => {
        setMade(answer.data ?? null);
        notifySuccess(answer.message);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  const askReset = () =>
    modals.openConfirmModal({
      title: `Reset the ${words.feed} link?`,
      children: (
        <Text size="sm">Calendars subscribed to the current link stop updating until you add the new one.</Text>
      ),
      labels: { confirm: 'Reset link', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: makeLink,
    });

  const askTurnOff = () =>
    modals.openConfirmModal({
      title: `Turn off the ${words.feed}?`,
      children: <Text size="sm">Calendars subscribed to it stop updating.</Text>,
      labels: { confirm: 'Turn off', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: (answer) => {
            setMade(null);
            notifySuccess(answer.message);
          },
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });

  const busy = issue.isPending || revoke.isPending;
  return (
    <Stack component="section" gap="sm" {...(titled ? { 'aria-labelledby': titleId } : { 'aria-label': words.part })}>
      {titled && (
        <Stack gap={2}>
          <Title order={5} fz={15} c="navy.8" id={titleId}>
            {words.part}
          </Title>
          {description && (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          )}
        </Stack>
      )}
      {!state.active ? (
        <Group gap="sm">
          <Button leftSection={<IconCalendarPlus size={16} />} loading={issue.isPending} onClick={makeLink}>
            Create feed link
          </Button>
        </Group>
      ) : (
        <>
          {shown ? (
            <ShownLink link={shown} scope={scope} />
          ) : (
            <Text size="sm">
              {words.on} is on{state.issuedAt ? ` since ${feedDateLabel(state.issuedAt, zone)}` : ''}. Its link was
              shown when it was made; reset it to get a new one.
            </Text>
          )}
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={issue.isPending}
              disabled={busy && !issue.isPending}
              onClick={askReset}
            >
              Reset link
            </Button>
            <Button
              variant="default"
              c="red.9"
              leftSection={<IconLinkOff size={16} />}
              loading={revoke.isPending}
              disabled={busy && !revoke.isPending}
              onClick={askTurnOff}
            >
              Turn off
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

const EVERYONE = 'everyone';

/** The link just made: copy it or add it to a calendar app now; an organization's narrows to one person's jobs. */
function ShownLink({ link, scope }: { link: CalendarFeedLink; scope: CalendarFeedScopeName }) {
  const [personId, setPersonId] = useState<string | null>(null);
  const people = useApiQuery<EmployeeOption[]>(scope === 'organization' ? ACTIVE_EMPLOYEES_URL : null);
  const input = useRef<HTMLInputElement>(null);
  const address = feedAddress(link, personId);
  const adds = addToCalendarLinks(address);
  const webScheme = address.url.slice(0, address.url.indexOf(':'));

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess('Link copied');
    } catch {
      // No clipboard (a page not served over https, or permission refused): the link is selected to copy by hand.
      input.current?.focus();
      input.current?.select();
      notifyError('The link could not be copied: it is selected, copy it from there.');
    }
  }

  const newTab = { component: 'a' as const, target: '_blank', rel: 'noopener noreferrer' };
  return (
    <Stack gap="sm">
      {scope === 'organization' && (
        <Select
          label="Only this person"
          data={[
            { value: EVERYONE, label: 'Everyone' },
            ...(people.data ?? []).map((p) => ({ value: p.id, label: p.fullName })),
          ]}
          value={personId ?? EVERYONE}
          onChange={(value) => setPersonId(value && value !== EVERYONE ? value : null)}
          allowDeselect={false}
          searchable
          nothingFoundMessage="Nobody by that name"
          maw={{ xs: 360 }}
        />
      )}
      {/* The subscription address calendar apps open as one (issue #44: the box showed the http one). */}
      <TextInput
        ref={input}
        label="Calendar feed link"
        value={address.webcalUrl}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { textOverflow: 'ellipsis' } }}
      />
      <Group gap="sm">
        <Button leftSection={<IconCopy size={16} />} onClick={() => void copy(address.webcalUrl)}>
          Copy link
        </Button>
        <Button {...newTab} href={adds.google} variant="light" leftSection={<IconBrandGoogle size={16} />}>
          Add to Google Calendar
        </Button>
        <Button component="a" href={adds.apple} variant="light" leftSection={<IconBrandApple size={16} />}>
          Add to Apple Calendar
        </Button>
        <Button {...newTab} href={adds.outlook} variant="light" leftSection={<IconBrandWindows size={16} />}>
          Add to Outlook
        </Button>
      </Group>
      <Text size="sm">
        An app that asks for a web address takes the same link as {webScheme}:{' '}
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => void copy(address.url)}>
          Copy {webScheme} link
        </Anchor>
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconShieldLock size={18} color="var(--mantine-color-navy-7)" style={{ flexShrink: 0 }} aria-hidden />
        <Text size="sm">
          Copy or add this link now: for your security it is shown only once. Anyone with the link can see{' '}
          {WORDS[scope].whose}.
        </Text>
      </Group>
    </Stack>
  );
}
