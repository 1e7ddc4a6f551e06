import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UploadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ImportReport } from '@/shared/modules';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { api } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { EntityField } from './form-fields';

/** Files above this are refused before upload: the server's body limit is 100 KB. */
const MAX_BYTES = 95 * 1024;

/** "Into Northwind Inc." and "Into London.": one full stop, whether the name ends with one or not. */
const intoSentence = (name: string) => `Into ${name}${/[.!?…]$/u.test(name) ? '' : '.'}`;

/** The entity a file goes into: the one given, or one of several the user chooses in the dialog. */
type Into =
  | { entityId: string; entityName: string; entities?: never }
  | { entities: readonly { id: string; name: string }[]; entityId?: never; entityName?: never };

/**
 * CSV import of a module's main record into one entity, with the server's per-row report: each
 * row goes in or not on its own, and the report names every row that did not, with why. Given
 * several entities (a list under "All entities"), the dialog asks which one.
 */
export function ImportDialog({
  open,
  onOpenChange,
  title,
  path,
  columns,
  invalidate,
  ...into
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The import endpoint, e.g. /hrms/employees/import. */
  path: string;
  columns: readonly string[];
  /** Query keys to refresh after an import. */
  invalidate: readonly unknown[];
} & Into) {
  const fileId = useId();
  const entityFieldId = useId();
  const qc = useQueryClient();
  const choices = into.entities ?? [{ id: into.entityId, name: into.entityName }];
  const [chosen, setChosen] = useState('');
  const [entityError, setEntityError] = useState<string | undefined>();
  const target = choices.length === 1 ? choices[0] : choices.find((e) => e.id === chosen);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async ({ f, entityId }: { f: File; entityId: string }) => api.post<ImportReport>(path, undefined, { entityId, csv: await f.text() }),
    onSuccess: (report) => {
      void qc.invalidateQueries({ queryKey: invalidate });
      toast.success('Import finished', { description: `${report.created} imported, ${report.errors.length} not imported.` });
    },
  });
  const report = upload.data;

  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setProblem(null);
      setChosen('');
      setEntityError(undefined);
      upload.reset();
    }
    onOpenChange(next);
  };

  const submit = () => {
    setEntityError(target ? undefined : 'Choose an entity');
    if (!file) return setProblem('Choose a CSV file.');
    if (file.size > MAX_BYTES) return setProblem('The file is too large: import at most about 1000 rows at a time.');
    setProblem(null);
    if (target) upload.mutate({ f: file, entityId: target.id });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {target ? intoSentence(target.name) : 'Choose the entity the file goes into.'} The first row names the columns: {columns.join(', ')}.
          </DialogDescription>
        </DialogHeader>
        {report ? (
          <div className="grid gap-3" role="status">
            <p className="text-sm">
              <strong>{report.created}</strong> imported, <strong>{report.errors.length}</strong> not imported.
            </p>
            {report.errors.length > 0 ? (
              <div className="max-h-64 overflow-auto rounded-md border">
                <Table aria-label="Rows not imported">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Row</TableHead>
                      <TableHead>Error</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.errors.map((e) => (
                      <TableRow key={e.row}>
                        <TableCell className="tabular-nums">{e.row}</TableCell>
                        <TableCell>{e.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
          </div>
        ) : (
          <div className="grid gap-4">
            <EntityField id={entityFieldId} entities={choices} value={target?.id ?? ''} onChange={setChosen} error={entityError} />
            <div className="grid gap-2">
              <label htmlFor={fileId} className="text-sm font-medium">
                CSV file
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              {problem || upload.error ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {problem ?? upload.error?.message}
                </p>
              ) : null}
            </div>
          </div>
        )}
        <DialogFooter>
          {report ? (
            <Button onClick={() => close(false)}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button onClick={submit} disabled={upload.isPending}>
                <UploadIcon aria-hidden />
                {upload.isPending ? 'Importing...' : 'Import'}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
