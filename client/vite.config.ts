/// <reference types="vitest/config" />
import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * /account/login, /ManageAccount/ChangePassword and /forgotpassword/* are both SPA pages (GET)
 * and server endpoints (POST). A GET of such a page is served by Vite (index.html); everything
 * else goes to the API.
 */
function servePageOnGet(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET') return undefined;
  return '/index.html';
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The client imports the wire contract from the server's src/shared (import-free): that folder is
    // served too, nothing else outside client/.
    fs: { allow: ['.', '../src/shared'] },
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/socket.io': { target: API_ORIGIN, ws: true },
      '/account': { target: API_ORIGIN, bypass: servePageOnGet },
      '/ManageAccount': { target: API_ORIGIN, bypass: servePageOnGet },
      '/forgotpassword': { target: API_ORIGIN, bypass: servePageOnGet },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](?!dates|charts)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)/,
              tags: ['$initial'],
            },
            // Mantine components only lazy screens use (pickers, tabs, timeline…) load with those screens.
            {
              name: 'mantine-more',
              test: /node_modules[\\/](@mantine[\\/](?!dates|charts)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)/,
            },
            // Only the reports draw charts: Mantine's charts and recharts load with them.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z]+|internmap|@reduxjs|react-redux|redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store)[\\/]/,
            },
            // Only the calendar screens need these, after the groups above took what they share: loaded with Home or the Job Schedule.
            { name: 'calendar', test: /node_modules[\\/](@fullcalendar|preact|luxon)[\\/]/ },
            { name: 'dates', test: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/ },
            // Live updates start in the signed-in shell: the sign-in page does not need them.
            {
              name: 'realtime',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.spec.ts'],
  },
});
