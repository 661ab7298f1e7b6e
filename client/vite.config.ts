/// <reference types="vitest/config" />
import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * The installable app (issue #29): a web app manifest, and a service worker (Workbox, generated at build) that
 * precaches the shell and every screen's code, so the app opens from the home screen without a network. A new
 * version waits until the person chooses to reload (src/app/appUpdates.tsx): nothing typed is lost to a reload they
 * did not ask for.
 */
const installable = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'favicon.ico', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'CrewClock',
    short_name: 'CrewClock',
    description: 'Schedule field jobs, track time and mileage, and rate the work.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0D1B41',
    background_color: '#F8F9FA',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
    // The report screens' charts are the largest chunk (about 600 KB): within the limit, so every screen opens.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    // What the server answers itself (SERVER_ONLY in src/app.ts): the API and its docs, sockets, health, calendar feeds.
    navigateFallbackDenylist: [/^\/(api|socket\.io|healthz|calendar)(\/|$)/],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  plugins: [react(), installable],
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
