import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MSG } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LabeledField } from '@/components/ui/labeled-field';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RestRefusal } from '@/lib/api/retry-after';
import { type RosterImport, type RosterPreview, useRosterUpload } from './use-roster';

const OUTCOME_VARIANT = { new: 'default', unchanged: 'secondary', conflict: 'destructive', error: 'destructive' } as const;

const failure = (err: unknown) => (err instanceof RestRefusal && err.body.message) || MSG.roster.failed;

/**
 * The roster CSV: chosen, previewed (every row with its line, what the import does and its errors; nothing written),
 * then imported when no row has an error. The links of the new students go to `onImported` to be copied.
 */
export function RosterImportCard({ onImported }: { onImported: (result: RosterImport) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useRosterUpload();
  const busy = upload.preview.isPending || upload.importing.isPending;

  async function runPreview() {
    if (!file) return setError(MSG.roster.fileMissing);
    setError(undefined);
    try {
      setPreview(await upload.preview.mutateAsync(file));
    } catch (err) {
      setPreview(null);
      setError(failure(err));
    }
  }

  async function runImport() {
    if (!file) return;
    try {
      const result = await upload.importing.mutateAsync(file);
      setPreview(result);
      toast.success(result.message);
      onImported(result);
    } catch (err) {
      toast.error(failure(err));
    }
  }

  const summary = preview?.summary;
  const canImport = Boolean(summary && summary.errors === 0 && summary.new > 0);
  return (
    <Card>
      <CardHeader>
        <CardHeading className="text-lg">{MSG.roster.title}</CardHeading>
        <CardDescription>{MSG.roster.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <LabeledField
            id="roster-file"
            label={MSG.roster.fileLabel}
            error={error}
            className="flex-1"
            hint={<p className="text-xs text-muted-foreground">{MSG.roster.template}</p>}
          >
            <Input
              id="roster-file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'roster-file-error' : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setPreview(null);
                setError(undefined);
              }}
            />
          </LabeledField>
          <Button variant="secondary" onClick={runPreview} disabled={busy}>
            <FileUp aria-hidden />
            {MSG.roster.preview}
          </Button>
        </div>
        {preview && summary && (
          <>
            <p className="text-sm font-medium" data-testid="roster-summary">
              {MSG.roster.summary(summary.rows, summary.new, summary.unchanged, summary.errors)}
            </p>
            <Table label={MSG.roster.title}>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-12">{MSG.roster.columns.line}</TableHead>
                  <TableHead>{MSG.roster.columns.student}</TableHead>
                  <TableHead className="hidden sm:table-cell">{MSG.roster.columns.rollNumber}</TableHead>
                  <TableHead className="hidden sm:table-cell">{MSG.roster.columns.department}</TableHead>
                  <TableHead>{MSG.roster.columns.outcome}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preview.rows.map((r) => (
                  <TableRow key={r.line} data-outcome={r.outcome}>
                    <TableCell className="tabular-nums">{r.line}</TableCell>
                    <TableCell className="whitespace-normal">
                      <p className="font-medium wrap-anywhere">{r.name || '—'}</p>
                      {r.username && <p className="text-xs wrap-anywhere text-muted-foreground">{MSG.roster.username(r.username)}</p>}
                      <p className="text-xs break-all text-muted-foreground">{r.email}</p>
                      {/* On a phone the roll number and department move under the name. */}
                      <p className="text-xs text-muted-foreground sm:hidden">{[r.roll_number, r.department].filter(Boolean).join(' · ')}</p>
                      {r.errors.map((e) => (
                        <p key={e} className="text-xs text-destructive">
                          {e}
                        </p>
                      ))}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{r.roll_number ?? '—'}</TableCell>
                    <TableCell className="hidden sm:table-cell">{r.department}</TableCell>
                    <TableCell>
                      <Badge variant={OUTCOME_VARIANT[r.outcome]}>{MSG.roster.outcomes[r.outcome]}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {summary.errors > 0 ? (
              <p className="text-sm text-destructive" role="alert">
                {MSG.roster.fixFirst(summary.errors)}
              </p>
            ) : summary.new === 0 ? (
              <p className="text-sm text-muted-foreground">{MSG.roster.nothingNew}</p>
            ) : null}
            {!('invitations' in preview) && (
              <Button className="w-full sm:w-fit" onClick={runImport} disabled={!canImport || busy}>
                {MSG.roster.import(summary.new)}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
