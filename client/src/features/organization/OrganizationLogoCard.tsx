import { Center, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { ImageUploader } from '../../shared/ImageUploader';
import { notifySuccess } from '../../shared/notify';
import { SectionCard } from '../../shared/SectionCard';
import { useOrganizationLogo } from './organizationApi';

export function OrganizationLogoCard({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  const { upload, remove } = useOrganizationLogo();
  return (
    <SectionCard title="Company logo" description="Shown in the top bar instead of the company name.">
      <ImageUploader
        hasImage={Boolean(logoUrl)}
        preview={
          <Paper withBorder bg="gray.0" h={140} radius="md">
            <Center h="100%" p="md">
              {logoUrl ? (
                <Image src={logoUrl} alt={`${name} logo`} mah={108} maw="100%" w="auto" fit="contain" />
              ) : (
                <Stack align="center" gap={4}>
                  <IconPhoto size={32} color="var(--mantine-color-gray-5)" />
                  <Text size="sm" c="dimmed">
                    No logo yet
                  </Text>
                </Stack>
              )}
            </Center>
          </Paper>
        }
        uploadLabel={logoUrl ? 'Replace logo' : 'Upload logo'}
        removeLabel="Remove"
        removeConfirmTitle="Remove logo"
        removeConfirmMessage="Remove the company logo? The top bar will show the company name instead."
        onUpload={(file) => upload.mutateAsync(file).then(() => notifySuccess('Image was successfully uploaded'))}
        onRemove={() => remove.mutateAsync().then(() => notifySuccess('Logo was removed'))}
      />
    </SectionCard>
  );
}
