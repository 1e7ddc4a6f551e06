import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';

/** Where the product is removed from: the whole company (settings), or one entity (entity edit). */
export type RemovalScope =
  | { kind: 'company'; entityCount: number; userCount: number }
  | { kind: 'entity'; entityName: string };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What removal ends, in words: the rows are deleted, so this is said with the numbers the admin will lose. */
function accessEnds(product: string, scope: RemovalScope) {
  if (scope.kind === 'entity') return `Every user's access to ${product} at ${scope.entityName} ends.`;
  if (scope.entityCount === 0) return `No entity holds ${product} and no user is granted it.`;
  const entities = `${count(scope.entityCount, 'entity loses', 'entities lose')} ${product}`;
  if (scope.userCount === 0) return `${entities}; no user is granted it.`;
  return `${entities}, and ${count(scope.userCount, 'user loses', 'users lose')} their access to it.`;
}

/**
 * Asks before a product is removed, and says what removal does: the module is hidden, the access
 * rows end, the data is kept and comes back when the product is added again (users must then be
 * granted it again: their grants are not restored). Used by settings (the company's products,
 * removed at once) and the entity edit dialog (removed when the entity is saved).
 */
export function RemoveProductDialog({
  product,
  scope,
  busy = false,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: {
  /** The product asked about; null closes the dialog. */
  product: { name: string } | null;
  scope: RemovalScope;
  busy?: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close (useFocusReturn): the dialog opens without a trigger of its own. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const name = product?.name ?? '';
  const entity = scope.kind === 'entity';
  return (
    <AlertDialog open={product !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent className="sm:max-w-[480px]" onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{entity ? `Remove ${name} from ${scope.entityName}?` : `Remove ${name} from your company?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {entity
              ? `This happens when you select Update Entity.`
              : `${name} is removed from your company and from every entity that holds it.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          <li>
            <span className="font-medium">The module is hidden.</span>{' '}
            {entity
              ? `Nobody can open ${name} at ${scope.entityName} any more.`
              : `${name} leaves the products hub, and nobody in your company can open it.`}
          </li>
          <li>
            <span className="font-medium">Access ends.</span> {accessEnds(name, scope)}
          </li>
          <li>
            <span className="font-medium">The data is kept.</span>{' '}
            {entity
              ? `${scope.entityName}'s ${name} records stay, and come back if you give ${scope.entityName} ${name} again.`
              : `${name}'s records stay, and come back if you add ${name} again and give it back to the entities.`}{' '}
            Users must then be granted access again.
          </li>
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            onClick={(event) => {
              // The dialog closes when the caller says so (after the server answered, in settings).
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy ? 'Removing...' : `Remove ${name}`}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
