import { Center, Loader } from '@mantine/core';

export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center h={fullPage ? '100vh' : 240} aria-busy="true">
      <Loader color="navy" />
    </Center>
  );
}
