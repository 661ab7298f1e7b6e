export default async function globalTeardown(): Promise<void> {
  const handle = globalThis.__FERRETDB__;
  globalThis.__FERRETDB__ = undefined;
  await handle?.stop();
}
