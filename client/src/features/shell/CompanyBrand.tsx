import { Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useAppStore } from '../../app/store';

/** The company's logo when it has one, else its name; links Home. */
export function CompanyBrand() {
  const name = useAppStore((s) => s.session?.company.name ?? '');
  const logoUrl = useAppStore((s) => s.session?.company.logoUrl ?? null);
  return (
    <UnstyledButton
      component={Link}
      to={paths.home}
      aria-label={`${name} – Home`}
      style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}
    >
      {logoUrl ? (
        <Image src={logoUrl} alt={name} h={40} w="auto" maw={200} fit="contain" />
      ) : (
        <Text fw={700} fz={{ base: 16, xs: 18 }} c="navy.8" truncate="end" maw={{ base: 220, xs: 360 }}>
          {name}
        </Text>
      )}
    </UnstyledButton>
  );
}
