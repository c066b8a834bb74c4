import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Packages that must exist once in the bundle: two copies of a React context provider break it. */
export const singletonPackages = ['react', 'react-dom', '@mantine/core', '@mantine/hooks'];

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    // The API serves these files as they are (Content-Encoding br/gzip), so no request pays
    // for on-the-fly compression.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', {})],
    }),
  ],
  resolve: {
    // @mantine/dates is hoisted to the root node_modules next to its own @mantine/core; without
    // this it would read a different MantineProvider context than the app.
    dedupe: singletonPackages,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Vite 8 (Rolldown) replacement for manualChunks. Libraries that the first screen needs
        // get their own long-lived chunks, so an app release does not invalidate them. Libraries
        // used only by lazy pages stay with those pages and never weigh on /login.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            {
              name: 'mantine',
              test: /[\\/]node_modules[\\/](@mantine|@floating-ui|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|detect-node-es|react-number-format|react-textarea-autosize|dayjs)[\\/]/,
              tags: ['$initial'],
              priority: 20,
            },
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/]/,
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
