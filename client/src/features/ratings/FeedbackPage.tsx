import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Paper,
  Rating,
  Skeleton,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconCircleCheck, IconMessageCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { api, ApiError, errorMessage } from '../../app/api';
import { feedbackProblem, feedbackUrl, longDate, namesSentence, type FeedbackPageView } from './ratings';

const PUBLIC = { csrf: false, redirectOnUnauthorized: false } as const;

/** The organization's logo above its name, on a white tile (a dark logo would vanish on the navy band). */
function Logo({ url, organization }: { url: string; organization: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <Center>
      <Box bg="white" p={6} style={{ borderRadius: 8, lineHeight: 0 }}>
        <img
          src={url}
          alt={`${organization} logo`}
          onError={() => setFailed(true)}
          style={{ display: 'block', maxHeight: 48, maxWidth: 220, objectFit: 'contain' }}
        />
      </Box>
    </Center>
  );
}

/** The frame of the public page: the organization's logo and name over a card, nothing of the staff's app. */
function Frame({
  organization,
  logoUrl,
  children,
}: {
  organization?: string;
  logoUrl?: string | null;
  children: ReactNode;
}) {
  useDocumentTitle(organization ? `Your feedback · ${organization}` : 'Your feedback');
  return (
    <Box
      mih="100vh"
      style={{ background: 'linear-gradient(180deg, #0D1B41 0, #0D1B41 220px, var(--app-page-bg) 220px)' }}
    >
      <Center px="md" py={{ base: 32, xs: 56 }}>
        <Stack w="100%" maw={520} gap="lg">
          <Stack gap="sm">
            {logoUrl && organization && <Logo url={logoUrl} organization={organization} />}
            <Text fw={700} fz={22} c="white" ta="center">
              {organization ?? '\u00a0'}
            </Text>
          </Stack>
          <Paper withBorder shadow="md" p={{ base: 'lg', xs: 32 }} radius="lg">
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="md">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        {icon}
      </ThemeIcon>
      <Title order={1} fz={22} c="navy.8">
        {title}
      </Title>
      <Text c="dimmed">{children}</Text>
    </Stack>
  );
}

/**
 * The public feedback page (spec §2, §4): the customer rates a finished job once. Opening it records
 * nothing; only Submit does. Then a thank-you; opened again, the already-submitted notice.
 */
export function FeedbackPage() {
  const { token = '' } = useParams();
  const page = useQuery({
    queryKey: [feedbackUrl(token)],
    queryFn: ({ signal }) => api.get<FeedbackPageView>(feedbackUrl(token), { ...PUBLIC, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [rating, setRating] = useState(0);
  const [comments, setComments] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'thanks' | 'already' | null>(null);
  const submit = useMutation({
    mutationFn: () =>
      api.post(feedbackUrl(token), { rating: rating || null, comments: comments.trim() || null }, PUBLIC),
    onSuccess: () => setOutcome('thanks'),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setOutcome('already');
      else setProblem(errorMessage(error));
    },
  });

  if (page.isPending)
    return (
      <Frame>
        <Stack gap="md">
          <Skeleton h={28} w="70%" />
          <Skeleton h={16} />
          <Skeleton h={120} />
        </Stack>
      </Frame>
    );
  if (page.isError)
    return (
      <Frame>
        <Notice icon={<IconAlertCircle size={30} />} title="This link cannot be used">
          {errorMessage(page.error)} Ask the company that sent it for a new one.
        </Notice>
      </Frame>
    );

  const view = page.data;
  if (outcome === 'thanks')
    return (
      <Frame organization={view.organizationName} logoUrl={view.logoUrl}>
        <Notice icon={<IconCircleCheck size={30} />} title="Thank you for your feedback!">
          Your rating of {view.jobName} has been sent to {view.organizationName}.
        </Notice>
      </Frame>
    );
  if (view.submitted || outcome === 'already')
    return (
      <Frame organization={view.organizationName} logoUrl={view.logoUrl}>
        <Notice icon={<IconMessageCircle size={30} />} title="Feedback already submitted">
          Feedback for {view.jobName} has already been submitted. Thank you!
        </Notice>
      </Frame>
    );

  function send() {
    const found = feedbackProblem(rating, comments);
    setProblem(found);
    if (!found) submit.mutate();
  }

  return (
    <Frame organization={view.organizationName} logoUrl={view.logoUrl}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={24} c="navy.8">
              How did we do?
            </Title>
            <Text size="sm" c="dimmed">
              {view.jobName} · {longDate(view.jobDate)}
              {view.associateNames.length > 0 && ` · with ${namesSentence(view.associateNames)}`}
            </Text>
          </Stack>
          {problem && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <Stack gap={6}>
            <Text fw={600} size="sm" id="stars-label">
              Your rating
            </Text>
            <Group>
              <Rating
                value={rating}
                onChange={setRating}
                size="xl"
                aria-labelledby="stars-label"
                getSymbolLabel={(stars) => `${stars} ${stars === 1 ? 'star' : 'stars'}`}
              />
              {rating > 0 && (
                <Text size="sm" c="dimmed">
                  {rating} of 5
                </Text>
              )}
            </Group>
          </Stack>
          <Textarea
            label="Comments"
            description={
              rating === 5 ? 'Optional' : 'Required unless you give 5 stars: tell us what could have been better.'
            }
            autosize
            minRows={4}
            maxRows={10}
            maxLength={4000}
            value={comments}
            onChange={(event) => setComments(event.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={submit.isPending}>
            Submit feedback
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}
