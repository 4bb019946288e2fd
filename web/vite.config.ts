import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files the browser downloads as text, worth sending compressed. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
/**
 * Copies that save fewer bytes than this are not written: the response would carry
 * `Content-Encoding` for next to nothing. Not a size threshold: the page shell, fetched on every
 * navigation, came under 1 KB with another bundler version and still compresses to a third.
 */
const COMPRESS_MIN_SAVING = 128;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each built text file, compressed once at
 * the highest levels: the API serves them to browsers that accept them (@fastify/static
 * `preCompressed`), so a phone downloads about a quarter of the bytes (the two main scripts: 730 KB,
 * 191 KB as Brotli) and the API compresses nothing per request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!COMPRESSIBLE.test(file.fileName)) return;
          const content = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
          const target = path.join(outDir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (content.length - br.length < COMPRESS_MIN_SAVING) return;
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
