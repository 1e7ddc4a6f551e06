import { useQuery } from '@tanstack/react-query';
import { ClipboardListIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ASSIGNEE_KIND_LABELS, CHECKLIST_ANCHOR_LABELS, CHECKLIST_KIND_LABELS, ONBOARDING_MESSAGES, type ChecklistTemplate, type TemplateTask } from '@/shared/onboarding';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { SectionCard } from '@/web/components/module/dashboard';
import { EmptyState } from '@/web/components/module/empty-state';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { PageHeading } from '@/web/components/module/module-page';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { HrmsPage } from '../hrms-page';
import { templatesQuery, useRemoveTemplateTask } from './api';
import { TemplateDialog, TemplateTaskDialog } from './dialogs';

export function ChecklistTemplatesPage() {
  return <HrmsPage title="Checklist Templates">{(scope) => <Templates scope={scope} />}</HrmsPage>;
}

/** The templates of one entity: the chosen one, or the first where the caller is App Admin. */
function Templates({ scope }: { scope: ModuleScopeState }) {
  const entity = scope.inScope.find((e) => scope.can('app_admin', e.id));
  if (!entity)
    return (
      <>
        <PageHeading title="Checklist Templates" description="Onboarding and offboarding tasks, copied into each starter’s and leaver’s checklist." />
        <p className="text-sm text-muted-foreground">Only an entity’s HRMS App Admins manage checklist templates.</p>
      </>
    );
  return <EntityTemplates entity={entity} />;
}

const when = (task: TemplateTask, template: ChecklistTemplate) => {
  const anchor = CHECKLIST_ANCHOR_LABELS[template.kind].toLowerCase();
  const days = Math.abs(task.dueOffsetDays);
  if (days === 0) return `On the ${anchor}`;
  return `${days} ${days === 1 ? 'day' : 'days'} ${task.dueOffsetDays < 0 ? 'before' : 'after'} the ${anchor}`;
};

type Dialog = { kind: 'template'; template?: ChecklistTemplate } | { kind: 'task'; template: ChecklistTemplate; task?: TemplateTask } | null;

function EntityTemplates({ entity }: { entity: { id: string; name: string } }) {
  const templates = useQuery(templatesQuery(entity.id));
  const remove = useRemoveTemplateTask();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  const removeTask = (task: TemplateTask) =>
    remove.mutate(task, {
      onSuccess: () => toast.success('Success', { description: ONBOARDING_MESSAGES.taskRemoved }),
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'The task could not be removed. Please try again.') }),
    });
  const items = templates.data?.items ?? [];
  return (
    <div className="grid gap-4">
      <PageHeading
        title="Checklist Templates"
        description={`Onboarding and offboarding tasks of ${entity.name}. The default template of each kind is copied into each new starter’s or leaver’s checklist; checklists already started keep theirs.`}
        actions={
          <Button onClick={() => setDialog({ kind: 'template' })}>
            <PlusIcon aria-hidden />
            Add Template
          </Button>
        }
      />
      {templates.isPending ? (
        <PageState>Loading...</PageState>
      ) : templates.isError ? (
        <PageState>{errorMessage(templates.error, 'Failed to load checklist templates. Please try again.')}</PageState>
      ) : items.length === 0 ? (
        <EmptyState icon={ClipboardListIcon} title="No checklist templates yet">
          Add an onboarding template and its tasks; new starters of {entity.name} then get a checklist from it.
        </EmptyState>
      ) : (
        items.map((template) => (
          <SectionCard
            key={template.id}
            title={`${CHECKLIST_KIND_LABELS[template.kind]}: ${template.name}`}
            description={template.isDefault ? 'Default: every new ' + (template.kind === 'onboarding' ? 'starter gets it.' : 'leaver gets it.') : 'Not the default: nobody gets it until it is made the default.'}
            action={
              <div className="flex flex-wrap gap-2">
                {template.isDefault ? <Badge variant="success">Default</Badge> : null}
                <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'template', template })} aria-label={`Edit template ${template.name}`}>
                  <PencilIcon aria-hidden />
                  Edit
                </Button>
                <Button size="sm" onClick={() => setDialog({ kind: 'task', template })} aria-label={`Add a task to ${template.name}`}>
                  <PlusIcon aria-hidden />
                  Add Task
                </Button>
              </div>
            }
          >
            {template.tasks.length === 0 ? (
              <p className="text-sm text-muted-foreground">No tasks yet.</p>
            ) : (
              <ul className="divide-y" aria-label={`Tasks of ${template.name}`}>
                {template.tasks.map((task) => (
                  <li key={task.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <span className="text-sm font-medium break-words">{task.title}</span>
                      {task.description ? <p className="text-xs break-words whitespace-pre-line text-muted-foreground">{task.description}</p> : null}
                      <span className="text-xs text-muted-foreground">
                        For {task.assigneeKind === 'user' ? (task.assigneeName ?? 'a user no longer here (HR)') : ASSIGNEE_KIND_LABELS[task.assigneeKind]} · {when(task, template)}
                      </span>
                    </div>
                    <div className="flex gap-1">
                      <Button size="icon" variant="ghost" aria-label={`Edit task ${task.title}`} onClick={() => setDialog({ kind: 'task', template, task })}>
                        <PencilIcon aria-hidden />
                      </Button>
                      <Button size="icon" variant="ghost" aria-label={`Remove task ${task.title}`} disabled={remove.isPending} onClick={() => removeTask(task)}>
                        <Trash2Icon aria-hidden />
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
        ))
      )}
      <TemplateDialog open={dialog?.kind === 'template'} onOpenChange={close} entityId={entity.id} template={dialog?.kind === 'template' ? dialog.template : undefined} />
      {dialog?.kind === 'task' ? <TemplateTaskDialog open onOpenChange={close} template={dialog.template} task={dialog.task} /> : null}
    </div>
  );
}
