import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CANNOT_BE_UNDONE } from '../../shared/confirmDelete';
import type { Scope } from './schedulingApi';

interface AskScopeOptions {
  /** 'change': a move, resize or edit; 'delete': removal, which says it cannot be undone. */
  action: 'change' | 'delete';
  jobName: string;
  /** A change to the repeat rule belongs to the whole series: "this event" is not offered. */
  seriesOnly?: boolean;
}

/**
 * For an occurrence of a recurring job (spec §4): this event or the whole series. Resolves null
 * when the person closes the dialog or cancels.
 */
export function askScope({ action, jobName, seriesOnly = false }: AskScopeOptions): Promise<Scope | null> {
  return new Promise((resolve) => {
    let answered = false;
    const id = `scope-${Math.random().toString(36).slice(2)}`;
    const answer = (scope: Scope | null) => {
      answered = true;
      resolve(scope);
      modals.close(id);
    };
    const deleting = action === 'delete';
    modals.open({
      modalId: id,
      title: deleting ? 'Delete recurring job' : 'Change recurring job',
      size: 460,
      onClose: () => {
        if (!answered) resolve(null);
      },
      children: (
        <Stack gap="md">
          <Text size="sm">
            {seriesOnly ? (
              <>
                The repeat of <b>{jobName}</b> belongs to the whole series, so this change applies to every event of it.
              </>
            ) : (
              <>
                <b>{jobName}</b> is a recurring job. {deleting ? 'Delete' : 'Apply the change to'} only this event, or
                the whole series?
              </>
            )}
            {deleting && ` ${CANNOT_BE_UNDONE}`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => answer(null)}>
              Cancel
            </Button>
            {!seriesOnly && (
              // The safer choice is the highlighted one: it touches one event.
              <Button color={deleting ? 'red' : undefined} onClick={() => answer('occurrence')} data-autofocus>
                This event
              </Button>
            )}
            <Button
              variant={seriesOnly ? 'filled' : 'default'}
              color={deleting && seriesOnly ? 'red' : undefined}
              onClick={() => answer('series')}
            >
              The whole series
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
