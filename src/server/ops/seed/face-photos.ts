import fs from 'node:fs';
import path from 'node:path';

export interface PhotoSet {
  /** the person's key: folder and file stem without its number (people/jolie), or the folder named after them (bbt/amy) */
  person: string;
  files: string[];
}

const IMAGE = /\.(jpe?g|png)$/i;
/** A trailing photo number: jolie_1, howard3, enroll_aoc_f005 -> jolie, howard, enroll_aoc. */
const NUMBERED = /[_-]?f?\d+$/i;

function imagesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return imagesUnder(p);
    return e.isFile() && IMAGE.test(e.name) ? [p] : [];
  });
}

/**
 * The people in a folder of photos, three photos each: photos of one person share a folder and a file name up to
 * their number (bbt/howard/howard1..5.png, people/jolie_1..4.jpg). People with fewer than three photos are left
 * out; a person's first three photos, in name order, are used. Sorted by person.
 */
export function findPhotoSets(dir: string, perPerson = 3): PhotoSet[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`--faces: ${dir} is not a folder`);
  const byPerson = new Map<string, string[]>();
  for (const file of imagesUnder(dir)) {
    const rel = path.relative(dir, file);
    const stem = path.basename(rel, path.extname(rel));
    const name = stem.replace(NUMBERED, '') || stem;
    const folder = path.dirname(rel);
    const person = path.basename(folder) === name ? folder : path.join(folder, name);
    byPerson.set(person, [...(byPerson.get(person) ?? []), file]);
  }
  return [...byPerson.entries()]
    .filter(([, files]) => files.length >= perPerson)
    .map(([person, files]) => ({ person, files: files.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).slice(0, perPerson) }))
    .sort((a, b) => a.person.localeCompare(b.person));
}
