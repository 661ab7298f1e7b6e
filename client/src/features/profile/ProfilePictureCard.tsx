import { Center } from '@mantine/core';
import { useAppStore } from '../../app/store';
import { ImageUploader } from '../../shared/ImageUploader';
import { notifySuccess } from '../../shared/notify';
import { SectionCard } from '../../shared/SectionCard';
import { UserAvatar } from '../../shared/UserAvatar';
import { useProfilePicture, type Profile } from './profileApi';

export function ProfilePictureCard({ profile }: { profile: Profile }) {
  const colorCode = useAppStore((s) => s.session?.user.colorCode);
  const { upload, remove } = useProfilePicture();
  return (
    <SectionCard title="Profile picture" description="Shown in the top bar and wherever your name appears.">
      <ImageUploader
        hasImage={Boolean(profile.profilePictureUrl)}
        preview={
          <Center>
            <UserAvatar
              firstName={profile.firstName}
              lastName={profile.lastName}
              colorCode={colorCode}
              pictureUrl={profile.profilePictureUrl}
              size={112}
              fz={36}
            />
          </Center>
        }
        uploadLabel={profile.profilePictureUrl ? 'Replace picture' : 'Upload picture'}
        removeLabel="Remove"
        removeConfirmTitle="Remove profile picture"
        removeConfirmMessage="Remove your profile picture? Your initials will show instead."
        onUpload={(file) => upload.mutateAsync(file).then(() => notifySuccess('Image was successfully uploaded'))}
        onRemove={() => remove.mutateAsync().then(() => notifySuccess('Profile picture was removed'))}
      />
    </SectionCard>
  );
}
