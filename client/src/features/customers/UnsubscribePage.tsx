import { Alert, Button, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useParams } from 'react-router-dom';
import { Notice, PublicFrame } from '../../shared/PublicFrame';
import { ApiError, errorMessage } from '../../app/api';
import { useSetUnsubscribed, useUnsubscribePage } from './unsubscribeApi';

const TITLE = 'Unsubscribe';

/** One state of the page: an icon over its heading, what it means, and its one action. */
function Stage({
  icon,
  color,
  title,
  headingRef,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="sm">
      <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      {/* Focused after a click replaces the button, so a screen reader reads the new state from its heading. */}
      <Title order={1} fz={22} c="navy.8" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The customer's public unsubscribe page (issue #31 item 5), the link at the foot of visit reminders and feedback
 * requests. Opening it changes nothing (mail scanners open links): only the button unsubscribes, and another
 * subscribes again.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const page = useUnsubscribePage(token);
  const heading = useRef<HTMLHeadingElement>(null);
  // The server's word for a "Subscribe again" that went through, shown above the Unsubscribe button.
  const [subscribedAgain, setSubscribedAgain] = useState<string | null>(null);
  // Counts the clicks that changed the state: each moves the focus to the new state's heading.
  const [changes, setChanges] = useState(0);
  const change = useSetUnsubscribed(token, (unsubscribed, message) => {
    setSubscribedAgain(unsubscribed ? null : message);
    setChanges((n) => n + 1);
  });

  useEffect(() => {
    if (changes > 0) heading.current?.focus();
  }, [changes]);

  if (page.isPending)
    return (
      <PublicFrame title={TITLE}>
        <Stack gap="md" align="center">
          <Skeleton h={56} w={56} circle />
          <Skeleton h={28} w="70%" />
          <Skeleton h={16} />
          <Skeleton h={16} w="85%" />
          <Skeleton h={42} mt="sm" />
        </Stack>
      </PublicFrame>
    );
  if (page.isError) {
    const broken = page.error instanceof ApiError && page.error.status === 404;
    return (
      <PublicFrame title={TITLE}>
        <Notice icon={<IconAlertCircle size={30} />} title="This link cannot be used">
          {errorMessage(page.error)}
        </Notice>
        {!broken && (
          <Button variant="default" fullWidth mt="sm" onClick={() => void page.refetch()} loading={page.isFetching}>
            Try again
          </Button>
        )}
      </PublicFrame>
    );
  }

  const { organizationName: org, logoUrl, unsubscribed } = page.data;
  const problem = change.isError ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" w="100%" ta="left">
      {errorMessage(change.error)}
    </Alert>
  ) : null;

  return (
    <PublicFrame title={TITLE} organization={org} logoUrl={logoUrl}>
      {unsubscribed ? (
        <Stage icon={<IconCircleCheck size={30} />} color="teal" title="You are unsubscribed" headingRef={heading}>
          <Text c="gray.7">{org} will send you no more visit reminders or feedback requests.</Text>
          {problem}
          <Button variant="subtle" mt="xs" loading={change.isPending} onClick={() => change.mutate(false)}>
            Subscribe again
          </Button>
        </Stage>
      ) : (
        <Stage
          icon={<IconMailOff size={30} />}
          color="navy"
          title={`Unsubscribe from ${org}'s e-mails`}
          headingRef={heading}
        >
          {subscribedAgain && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status" w="100%" ta="left">
              {subscribedAgain}
            </Alert>
          )}
          <Text c="gray.7">
            You will no longer get visit reminders or feedback requests from {org}. E-mails about visits you book, and
            their changes, still reach you.
          </Text>
          {problem}
          <Button size="md" fullWidth mt="xs" loading={change.isPending} onClick={() => change.mutate(true)}>
            Unsubscribe
          </Button>
        </Stage>
      )}
    </PublicFrame>
  );
}
