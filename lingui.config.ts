// Lingui's configuration (decision 043): English is the source language and each message's id is its
// English text, so the product's exact English messages stay written once, where they are used. One
// catalog per part of the product (src/shared/i18n/parts.ts); `npm run i18n` extracts and compiles them.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { PARTS, partOf } from './src/shared/i18n/parts';

const SOURCES = ['src/web', 'src/server', 'src/shared'];
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.includes('/testing/');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? walk(file) : isSource(file) ? [file] : [];
  });
}

const files = SOURCES.flatMap((dir) => walk(dir));

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ origins: false, explicitIdAsDefault: true }),
  orderBy: 'messageId',
  catalogs: PARTS.map((part) => ({
    path: `<rootDir>/src/shared/i18n/po/{locale}/${part}`,
    include: files.filter((file) => partOf(file) === part).map((file) => `<rootDir>/${file}`),
  })),
});
