import path from 'node:path';
import sharp from 'sharp';

/**
 * `npm run make-icons`: the home-screen icons in src/client/public/icons from the SVG logo beside them
 * (committed, so a build needs no image step). The maskable icon fills its square and keeps the tick inside the
 * central 80% that every launcher's mask leaves visible.
 */
const dir = path.resolve(import.meta.dirname, '../../src/client/public/icons');
const THEME = '#4f46e5';
const logo = path.join(dir, 'logo.svg');
const tick = (size: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${THEME}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16.25)"><path d="M9 16.5l4.5 4.5L23 11.5" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`,
  );

for (const size of [180, 192, 512]) {
  const name = size === 180 ? 'apple-touch-icon.png' : `icon-${size}.png`;
  await sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(dir, name));
}
await sharp(tick(512)).png({ compressionLevel: 9, palette: true }).toFile(path.join(dir, 'maskable-512.png'));
console.log(`icons written to ${path.relative(process.cwd(), dir)}`);
