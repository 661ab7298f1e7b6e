import { Alert, Button, Group, Rating, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Notice, PublicFrame } from '../../shared/PublicFrame';
import { ApiError, errorMessage } from '../../app/api';
import { feedbackProblem, longDate, namesSentence } from './ratings';
import { useFeedbackPage, useSubmitFeedback } from './ratingsApi';

/**
 * The public feedback page (spec §2, §4): the customer rates a finished job once. Opening it records
 * nothing; only Submit does. Then a thank-you; opened again, the already-submitted notice.
 */
export function FeedbackPage() {
  const { token = '' } = useParams();
  const page = useFeedbackPage(token);
  const [rating, setRating] = useState(0);
  const [comments, setComments] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'thanks' | 'already' | null>(null);
  const submit = useSubmitFeedback(token, {
    onSuccess: () => setOutcome('thanks'),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setOutcome('already');
      else setProblem(errorMessage(error));
    },
  });

  if (page.isPending)
    return (
      <PublicFrame title="Your feedback">
        <Stack gap="md">
          <Skeleton h={28} w="70%" />
          <Skeleton h={16} />
          <Skeleton h={120} />
        </Stack>
      </PublicFrame>
    );
  if (page.isError)
    return (
      <PublicFrame title="Your feedback">
        <Notice icon={<IconAlertCircle size={30} />} title="This link cannot be used">
          {errorMessage(page.error)} Ask the company that sent it for a new one.
        </Notice>
      </PublicFrame>
    );

  const view = page.data;
  if (outcome === 'thanks')
    return (
      <PublicFrame title="Your feedback" organization={view.organizationName} logoUrl={view.logoUrl}>
        <Notice icon={<IconCircleCheck size={30} />} title="Thank you for your feedback!">
          Your rating of {view.jobName} has been sent to {view.organizationName}.
        </Notice>
      </PublicFrame>
    );
  if (view.submitted || outcome === 'already')
    return (
      <PublicFrame title="Your feedback" organization={view.organizationName} logoUrl={view.logoUrl}>
        <Notice icon={<IconMessageCircle size={30} />} title="Feedback already submitted">
          Feedback for {view.jobName} has already been submitted. Thank you!
        </Notice>
      </PublicFrame>
    );

  function send() {
    const found = feedbackProblem(rating, comments);
    setProblem(found);
    if (!found) submit.mutate({ rating, comments });
  }

  return (
    <PublicFrame title="Your feedback" organization={view.organizationName} logoUrl={view.logoUrl}>
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
    </PublicFrame>
  );
}
