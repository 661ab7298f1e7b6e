import { Text } from '@mantine/core';
import { PageHeader } from './PageHeader';

/** A screen of a later issue: its title and nothing that pretends to work. */
export function ScreenNotAvailable({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Text c="dimmed">This screen is not available yet.</Text>
    </>
  );
}
