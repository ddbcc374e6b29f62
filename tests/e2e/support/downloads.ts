import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { parseCsvCells } from '@tests/helpers/csv';

/** The CSV file a click makes the browser save: its suggested name and its cells, as a spreadsheet reads them. */
export async function downloadedCsv(page: Page, click: () => Promise<void>): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
  return { name: download.suggestedFilename(), rows: parseCsvCells(fs.readFileSync(await download.path(), 'utf8').trimEnd()) };
}
